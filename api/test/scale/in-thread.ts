import { Worker } from 'node:worker_threads';

/** One REST call of the poller: when it was sent (ms since the epoch), how long its answer took, its status. */
export interface PolledAnswer {
  at: number;
  ms: number;
  status: number;
}

/**
 * A loop of REST calls run in a thread of its own until stopped. Timed on this process's main thread, a call
 * would wait for that loop too, and in a storm the main thread is busy with the test's clients' handshakes and
 * replays (stalls of 350–670 ms at 1,000 clients, and fetches failing at 10,000: docs/scale-out.md), which is the
 * test's own load, not the node's. `loop` is the body of an async function of the worker, with `workerData`,
 * `stopped()` and `sleep(ms)` in scope; what it returns is what `stop` resolves with.
 */
function inThread<T>(loop: string, workerData: unknown): { stop(): Promise<T> } {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    let halted = false;
    parentPort.once('message', () => (halted = true));
    const stopped = () => halted;
    const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
    (async () => { ${loop} })().then((result) => parentPort.postMessage(result));`,
    { eval: true, workerData },
  );
  // A test that fails before it stops the loop must not keep the process alive.
  worker.unref();
  const result = new Promise<T>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      try {
        return await result;
      } finally {
        await worker.terminate();
      }
    },
  };
}

/**
 * Calls GET `url` every `everyMs` until stopped; `stop` resolves with the answers. A call that fails (refused while
 * the node starts) is not an answer and is not kept.
 */
export function pollRest(url: string, headers: Record<string, string>, everyMs = 100): { stop(): Promise<PolledAnswer[]> } {
  return inThread<PolledAnswer[]>(
    `const { url, headers, everyMs } = workerData;
    const answers = [];
    while (!stopped()) {
      const at = Date.now();
      const status = await fetch(url, { headers, signal: AbortSignal.timeout(10000) }).then(async (r) => (await r.arrayBuffer(), r.status), () => 0);
      if (status) answers.push({ at, ms: Date.now() - at, status });
      await sleep(everyMs);
    }
    return answers;`,
    { url, headers, everyMs },
  );
}

/**
 * Scores `tasks` round-robin through `node` at `rate` a second, open loop (a score is sent every 1/rate s whatever
 * the earlier ones are doing), until stopped; `stop` resolves with how many were answered 200 and, for the others,
 * what went wrong: the status, or the error's name (a timeout after 10 s).
 */
export function scoreSteadily(node: string, tasks: { id: string; token: string }[], rate: number): { stop(): Promise<{ ok: number; failed: string[] }> } {
  return inThread<{ ok: number; failed: string[] }>(
    `const { node, tasks, rate } = workerData;
    const outcomes = [];
    const start = Date.now();
    for (let i = 0; !stopped(); i++) {
      const task = tasks[i % tasks.length];
      outcomes.push(
        fetch(node + '/api/tasks/' + task.id + '/score', {
          method: 'PUT',
          headers: { authorization: 'Bearer ' + task.token, 'content-type': 'application/json' },
          body: JSON.stringify({ qualityScore: 1 + (i % 10), initiativeScore: 6, feedback: 'Storm ' + i }),
          signal: AbortSignal.timeout(10000),
        }).then((r) => (r.status === 200 ? 'ok' : 'status ' + r.status), (err) => err.name + (err.cause ? ': ' + err.cause.code : '')),
      );
      await sleep(Math.max(0, start + ((i + 1) * 1000) / rate - Date.now()));
    }
    const done = await Promise.all(outcomes);
    return { ok: done.filter((d) => d === 'ok').length, failed: done.filter((d) => d !== 'ok') };`,
    { node, tasks, rate },
  );
}
