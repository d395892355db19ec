import type { TestApp } from '../utils/test-app';
import { bearer, type Tenant } from '../utils/factories';

export interface LaneStats {
  /** Calls answered 2xx, and those cut or refused (a node died under them). */
  ok: number;
  failed: number;
  /** When each successful write returned (ms): its events were committed and published by then. */
  doneAt: number[];
}

const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString();

/**
 * A steady stream of work for one company, one call at a time (so its events are committed in the order the
 * calls are made): a task assigned, submitted and scored, then an announcement, and again. A call a dying node
 * cuts off counts as failed and the lane moves on, as a user would retry.
 */
export function startLane(front: TestApp, tenant: Tenant): { stats: LaneStats; stop(): Promise<void> } {
  const stats: LaneStats = { ok: 0, failed: 0, doneAt: [] };
  let stopped = false;
  const call = async (send: () => PromiseLike<{ status: number; body: unknown }>): Promise<unknown> => {
    try {
      const res = await send();
      if (res.status >= 200 && res.status < 300) {
        stats.ok++;
        stats.doneAt.push(Date.now());
        return res.body;
      }
    } catch {
      // connection cut
    }
    stats.failed++;
    return null;
  };
  const run = async () => {
    for (let i = 0; !stopped; i++) {
      const exec = tenant.executives[i % tenant.executives.length];
      if (i % 2 === 0) {
        const task = (await call(() =>
          front.http
            .post('/api/tasks')
            .set(bearer(tenant.admin.token))
            .send({ title: `Load ${i}`, description: 'Under failover', assignedTo: exec.user._id, deadline: inDays(3), reportLink: 'https://reports.example.com/load' }),
        )) as { _id: string } | null;
        if (!task) continue;
        if (!(await call(() => front.http.put(`/api/tasks/${task._id}/submit`).set(bearer(exec.token)).send({ content: 'Done' })))) continue;
        await call(() => front.http.put(`/api/tasks/${task._id}/score`).set(bearer(tenant.admin.token)).send({ qualityScore: 1 + (i % 10), initiativeScore: 5, feedback: 'Noted.' }));
      } else {
        await call(() => front.http.post('/api/announcements').set(bearer(tenant.admin.token)).send({ title: `Notice ${i}`, content: 'Steady stream' }));
      }
    }
  };
  const running = run();
  return {
    stats,
    async stop() {
      stopped = true;
      await running;
    },
  };
}
