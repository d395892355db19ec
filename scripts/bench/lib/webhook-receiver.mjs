// A local webhook receiver in a process of its own: it answers 200 at once and keeps, per delivery, when it
// arrived and its lag from the event's commit (the body's `at`). Out of the bench's own process, so its work does
// not delay the bench's sockets, whose arrival times are what the scenarios measure.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { startChild } from './process.mjs';

const SELF = fileURLToPath(import.meta.url);

/** Starts the receiver; resolves to { url, count(), lagsSince(n), close() }. */
export async function startReceiver() {
  const { child, stop } = startChild([SELF, '--serve']);
  const waiting = new Map();
  let next = 0;
  child.on('message', (m) => {
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    w?.(m);
  });
  const ask = (message) =>
    new Promise((resolve) => {
      const id = ++next;
      waiting.set(id, resolve);
      child.send({ ...message, id });
    });
  const { port } = await ask({ cmd: 'port' });
  return {
    url: `http://127.0.0.1:${port}`,
    /** Deliveries received so far. */
    count: async () => (await ask({ cmd: 'count' })).count,
    /** The lags (ms) of the deliveries received after the first `from`. */
    lagsSince: async (from) => (await ask({ cmd: 'lags', from })).lags,
    close: stop,
  };
}

function serve() {
  const arrivals = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      try {
        arrivals.push(at - Date.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')).at));
      } catch {
        arrivals.push(null);
      }
      res.writeHead(200).end('ok');
    });
  });
  const listening = new Promise((r) => server.listen(0, '127.0.0.1', r));
  process.on('message', async ({ id, cmd, from }) => {
    if (cmd === 'port') {
      await listening;
      process.send({ id, port: server.address().port });
    } else if (cmd === 'count') process.send({ id, count: arrivals.length });
    else if (cmd === 'lags') process.send({ id, lags: arrivals.slice(from).filter((x) => x !== null) });
  });
  process.on('disconnect', () => process.exit(0));
}

if (process.argv[1] === SELF && process.argv[2] === '--serve') serve();
