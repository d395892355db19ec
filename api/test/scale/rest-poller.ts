import { Worker } from 'node:worker_threads';

/** One REST call of the poller: when it was sent (ms since the epoch), how long its answer took, its status. */
export interface PolledAnswer {
  at: number;
  ms: number;
  status: number;
}

/**
 * The poller's loop, run in a thread of its own: a REST call timed on this process's main thread waits for that
 * loop too, and in a storm the main thread is busy with a thousand test clients' handshakes and replays (stalls of
 * 350–670 ms were seen there: docs/scale-out.md), which is the test's own load, not the node's. A call that fails
 * (refused while the node starts) is not an answer and is not kept.
 */
const LOOP = `
const { parentPort, workerData: { url, headers, everyMs } } = require('node:worker_threads');
const answers = [];
let polling = true;
parentPort.once('message', () => (polling = false));
(async () => {
  while (polling) {
    const at = Date.now();
    const status = await fetch(url, { headers, signal: AbortSignal.timeout(10000) }).then(async (r) => (await r.arrayBuffer(), r.status), () => 0);
    if (status) answers.push({ at, ms: Date.now() - at, status });
    await new Promise((r) => setTimeout(r, everyMs));
  }
  parentPort.postMessage(answers);
})();
`;

/** Calls GET `url` every `everyMs` from a worker thread until stopped; `stop` resolves with the answers. */
export function pollRest(url: string, headers: Record<string, string>, everyMs = 100): { stop(): Promise<PolledAnswer[]> } {
  const worker = new Worker(LOOP, { eval: true, workerData: { url, headers, everyMs } });
  const answers = new Promise<PolledAnswer[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      try {
        return await answers;
      } finally {
        await worker.terminate();
      }
    },
  };
}
