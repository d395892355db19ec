import { performance } from 'node:perf_hooks';

/**
 * Waiters for `task.scored` on the executives' sockets, by task id: one listener per socket, so 1,000 sockets
 * do not each hold a listener per pending score.
 */
export function scoredWaiters(sockets) {
  const waiting = new Map();
  const handler = (envelope) => {
    const id = envelope?.payload?.task?._id;
    const w = waiting.get(id);
    if (!w) return;
    waiting.delete(id);
    clearTimeout(w.timer);
    w.res(performance.now());
  };
  for (const s of sockets) s.on('task.scored', handler);
  return {
    wait(taskId, timeoutMs = 60_000) {
      return new Promise((res, rej) => {
        const timer = setTimeout(() => (waiting.delete(taskId), rej(new Error(`no task.scored for ${taskId} within ${timeoutMs / 1000} s`))), timeoutMs);
        waiting.set(taskId, { res, timer });
      });
    },
    off: () => sockets.forEach((s) => s.off('task.scored', handler)),
  };
}

/** Scores a task as `token`'s admin; resolves with the response time and the time the assignee's socket saw it. */
export async function scoreOnce(base, token, taskId, waiters, body = { qualityScore: 8, initiativeScore: 7.5, feedback: 'Measured.' }) {
  const received = waiters.wait(taskId);
  received.catch(() => undefined); // awaited below; a timeout while the PUT is still out must not go unhandled
  const t0 = performance.now();
  const res = await fetch(`${base}/api/tasks/${taskId}/score`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  const tResponse = performance.now();
  if (!res.ok) {
    throw new Error(`PUT /tasks/${taskId}/score: ${res.status}`);
  }
  return { response: tResponse - t0, event: (await received) - t0 };
}
