import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

/** One message as the SMTP server received it over the wire, parsed. */
export interface Received {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  kind: string;
  listUnsubscribe: string;
  listUnsubscribePost: string;
}

/**
 * A real SMTP server on a free local port (smtp-server), keeping every message it accepted, parsed with
 * mailparser. `refuse(n)` makes it answer the next n messages with a temporary failure (451).
 */
export interface SmtpInbox {
  url: string;
  messages: Received[];
  /** How many messages it refused. */
  refused: number;
  refuse(n: number): void;
  to(address: string, kind?: string): Received[];
  close(): Promise<void>;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const messages: Received[] = [];
  let toRefuse = 0;
  const inbox = {
    messages,
    refused: 0,
    refuse(n: number) {
      toRefuse = n;
    },
    to: (address: string, kind?: string) => messages.filter((m) => m.to === address.toLowerCase() && (!kind || m.kind === kind)),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (toRefuse > 0) {
            toRefuse--;
            inbox.refused++;
            const err = Object.assign(new Error('Try again later'), { responseCode: 451 });
            return callback(err);
          }
          // The header as it came over the wire (mailparser structures some, List-Unsubscribe among them).
          const header = (name: string) => {
            const line = mail.headerLines.find((h) => h.key === name)?.line ?? '';
            return line.slice(line.indexOf(':') + 1).replace(/\r?\n\s+/g, ' ').trim();
          };
          for (const rcpt of session.envelope.rcptTo) {
            messages.push({
              to: rcpt.address.toLowerCase(),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              messageId: mail.messageId ?? '',
              kind: header('x-kpi-kind'),
              listUnsubscribe: header('list-unsubscribe'),
              listUnsubscribePost: header('list-unsubscribe-post'),
            });
          }
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  // A client that dies mid-session (a node SIGKILLed by the scale suite) resets its connection: the server says so
  // as an 'error' event, which must not end the test process. What it had not finished sending was never accepted.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(inbox, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
