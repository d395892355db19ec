import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a receiver saw it. */
export interface Received {
  headers: IncomingHttpHeaders;
  /** The raw body, as the signature covers it. */
  raw: string;
  body: { id?: string; type?: string; seq?: number | null; companyId?: string; payload?: unknown; text?: string };
  path: string;
  /** The status this receiver answered. */
  answered: number;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * A real HTTP server standing in for a company's system (or a Slack/Teams incoming webhook): it records every
 * request and answers what `respond` says (200 by default). Tests start and close it themselves.
 */
export interface WebhookReceiver {
  url: string;
  received: Received[];
  /** Requests answered 2xx: what the receiver accepted. */
  accepted(): Received[];
  respond: (request: Received, index: number) => Answer;
  /** Resolves once `predicate` holds over what was received (polled), or rejects after `timeoutMs`. */
  until(predicate: (received: Received[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const receiver: WebhookReceiver = {
    url: '',
    received,
    accepted: () => received.filter((r) => r.answered >= 200 && r.answered < 300),
    respond: () => ({ status: 200, body: 'ok' }),
    async until(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline) throw new Error(`receiver: condition not met within ${timeoutMs} ms (${received.length} requests received)`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Received['body'] = {};
      try {
        body = JSON.parse(raw) as Received['body'];
      } catch {
        // recorded raw
      }
      const request: Received = { headers: req.headers, raw, body, path: req.url ?? '/', answered: 0 };
      const answer = receiver.respond(request, received.length);
      request.answered = answer.status;
      received.push(request);
      res.writeHead(answer.status, answer.headers ?? { 'content-type': 'text/plain' });
      res.end(answer.body ?? '');
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
