import http from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * Closed-loop load with keep-alive: `connections` lanes, each sending the next GET as soon as the previous
 * answer is fully read, for `durationMs`. Our own loop rather than autocannon: no dependency, and the same
 * client for the app and its floor is all a ratio needs.
 */
export async function load(url, { headers = {}, connections = 10, durationMs = 3000 } = {}) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let bytes = 0;
  let errors = 0;
  let statusOther = 0;
  const started = performance.now();
  const until = started + durationMs;
  const once = () =>
    new Promise((res) => {
      const t0 = performance.now();
      const req = http.get({ host: target.hostname, port: target.port, path: target.pathname + target.search, agent, headers }, (response) => {
        response.on('data', (d) => (bytes += d.length));
        response.on('end', () => {
          if (response.statusCode !== 200) statusOther++;
          latencies.push(performance.now() - t0);
          res();
        });
        response.on('error', () => (errors++, res()));
      });
      req.on('error', () => (errors++, res()));
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) await once();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { requests: latencies.length, rps: latencies.length / elapsed, latencies, bytes, errors, non200: statusOther };
}

/** One GET's body and headers, for giving a floor "the same bytes". */
export async function fetchBytes(url, headers = {}) {
  const res = await fetch(url, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${body.toString().slice(0, 300)}`);
  return { body, contentType: res.headers.get('content-type') ?? 'application/json; charset=utf-8', headers: Object.fromEntries(res.headers) };
}

/** Sequential GETs: per-request latency of one client at a time (for queries, not throughput). */
export async function sequential(url, { headers = {}, count = 20 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const target = new URL(url);
  const latencies = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await new Promise((res, rej) => {
      http
        .get({ host: target.hostname, port: target.port, path: target.pathname + target.search, agent, headers }, (response) => {
          response.resume();
          response.on('end', () => (response.statusCode === 200 ? res() : rej(new Error(`GET ${url}: ${response.statusCode}`))));
        })
        .on('error', rej);
    });
    latencies.push(performance.now() - t0);
  }
  agent.destroy();
  return latencies;
}
