import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { refusedAddress, refusedUrl } from './address-policy';

/** What came of one POST: the receiver's answer, or why there was none. */
export interface PostOutcome {
  /** When the request was made. */
  sentAt: Date;
  statusCode: number | null;
  /** The first `excerptLimit` characters of the answer's body. */
  response: string;
  retryAfter?: string;
  /** Why it counts as failed without a 2xx: a refused address, a timeout, a redirect… */
  error: string | null;
  durationMs: number;
}

export interface PostOptions {
  timeoutMs: number;
  allowLoopback: boolean;
  excerptLimit: number;
}

/** A delivery refused before any byte was sent (the URL or the address it resolves to is not allowed). */
export class RefusedDestination extends Error {}

/**
 * The lookup every delivery connects through: it resolves the name and refuses the connection when any address
 * it would use is not allowed, so the check is made on the address actually connected to (a name that resolves
 * to a public address when registered and to 169.254.169.254 when sent, DNS rebinding, is refused then).
 */
function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const refused = addresses.map((a) => refusedAddress(a.address, allowLoopback)).find((r) => r !== null);
      if (refused || addresses.length === 0) {
        return callback(new RefusedDestination(`${hostname} resolves to a refused address: ${refused ?? 'none'}`), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

const agents = new Map<string, http.Agent>();
/** One keep-alive agent per scheme and setting, so deliveries to one receiver reuse their connection. */
function agentFor(protocol: string, allowLoopback: boolean): http.Agent {
  const key = `${protocol}${allowLoopback}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: true, maxSockets: 16, lookup: guardedLookup(allowLoopback) };
    agent = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

/**
 * POSTs a JSON body and reads at most `excerptLimit` characters of the answer. Redirects are not followed (a 3xx
 * is a failure naming where it pointed); the whole exchange is cut off after `timeoutMs`.
 */
export function safePost(rawUrl: string, body: string, headers: Record<string, string>, options: PostOptions): Promise<PostOutcome> {
  const sentAt = new Date();
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const refusedOutright = refusedUrl(rawUrl, options.allowLoopback);
  if (refusedOutright) return Promise.resolve({ sentAt, statusCode: null, response: '', error: refusedOutright, durationMs: 0 });
  const url = new URL(rawUrl);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, 'durationMs' | 'sentAt'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, sentAt, durationMs: elapsed() });
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        agent: agentFor(url.protocol, options.allowLoopback),
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'KPI-Tracker-Webhooks/1', ...headers },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const response = Buffer.concat(chunks).toString('utf8').slice(0, options.excerptLimit);
          const retryAfter = typeof res.headers['retry-after'] === 'string' ? res.headers['retry-after'] : undefined;
          const error = status >= 300 && status < 400 ? `Redirect to ${res.headers.location ?? 'nowhere'} not followed` : null;
          finish({ statusCode: status, response, retryAfter, error });
        };
        res.on('data', (chunk: Buffer) => {
          if (size < options.excerptLimit * 4) chunks.push(chunk);
          size += chunk.length;
          // Enough read: the rest of an oversized answer is not ours to wait for.
          if (size > 64 * 1024) {
            done();
            res.destroy();
          }
        });
        res.on('end', done);
        res.on('error', (err) => finish({ statusCode: status, response: '', error: err.message }));
      },
    );
    const timer = setTimeout(() => {
      finish({ statusCode: null, response: '', error: `No answer within ${options.timeoutMs / 1000} s` });
      req.destroy();
    }, options.timeoutMs);
    req.on('error', (err) => finish({ statusCode: null, response: '', error: err instanceof RefusedDestination ? err.message : `Could not connect: ${err.message}` }));
    req.end(body);
  });
}

/** Resolves a URL's name now, for a clear error when it is registered (sending checks again, safe-post). */
export async function refusedResolution(rawUrl: string, allowLoopback: boolean): Promise<string | null> {
  const host = new URL(rawUrl).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return null;
  const addresses = await new Promise<LookupAddress[] | null>((resolve) => dnsLookup(host, { all: true }, (err, all) => resolve(err ? null : all)));
  if (!addresses) return null; // A name that does not resolve yet may later; sending will tell.
  const refused = addresses.map((a) => refusedAddress(a.address, allowLoopback)).find((r) => r !== null);
  return refused ? `URL is not allowed: ${host} resolves to ${refused.replace(/ is an? /, ', a ')}` : null;
}
