import { WEBHOOK_EVENT_TYPES } from '@kpi/contracts';
import { alternate, row } from '../lib/compare.mjs';
import { sleep } from '../lib/process.mjs';
import { cpuMicros } from '../lib/process-cpu.mjs';
import { scoredWaiters } from '../lib/scorer.mjs';
import { appSocketPool } from '../lib/socket-pool.mjs';
import { percentile } from '../lib/stats.mjs';
import { mintToken } from '../lib/tokens.mjs';
import { startReceiver } from '../lib/webhook-receiver.mjs';
import { scoreAtRate, scorableTasks } from './score-event.mjs';

const RATE = 20;
const SECONDS_PER_ROUND = 8;
const ENDPOINTS_PER_COMPANY = 5;
const TARGET_MS = 15;

async function call(base, method, path, token, body) {
  const res = await fetch(`${base}/api${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body ? JSON.stringify(body) : undefined });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

export default {
  name: 'webhooks',
  title: `score -> task.scored at ${RATE} scores/s, 1,000 sockets, with ${ENDPOINTS_PER_COMPANY} webhook endpoints per company subscribed to every event vs none; deliveries/s to a local receiver (a process of its own)`,
  async run(ctx) {
    const { app, db, people } = await ctx.scaled();
    const { sockets, who } = await appSocketPool(ctx);
    const tasks = await scorableTasks(db, who);
    const tokens = new Map(people.map((c) => [c.id, mintToken(c.admin)]));
    const waiters = scoredWaiters(sockets);
    const receiver = await startReceiver();
    const companies = [...new Set(tasks.map((t) => t.companyId))];
    const registered = [];
    const register = async () => {
      for (const companyId of companies) {
        for (let i = 0; i < ENDPOINTS_PER_COMPANY; i++) {
          const { endpoint } = await call(app.base, 'POST', '/webhooks', tokens.get(companyId), { url: `${receiver.url}/${companyId}/${i}`, eventTypes: [...WEBHOOK_EVENT_TYPES] });
          registered.push({ id: endpoint._id, companyId, from: endpoint.deliveredSeq + 1 });
        }
      }
    };
    const unregister = async () => {
      for (const e of registered.splice(0)) await call(app.base, 'DELETE', `/webhooks/${e.id}`, tokens.get(e.companyId));
    };
    await scoreAtRate(app.base, tasks, tokens, waiters, 1);
    let offset = 0;
    const delivered = [];
    // The api's CPU time while it scores, ms per second: all its threads, and its main thread (the event loop).
    const cpu = { app: [], floor: [] };
    const round = (withEndpoints) => async () => {
      if (withEndpoints) await register();
      const before = await receiver.count();
      const cpuBefore = [cpuMicros(app.pid), cpuMicros(app.pid, app.pid)];
      const t0 = performance.now();
      const out = await scoreAtRate(app.base, tasks, tokens, waiters, SECONDS_PER_ROUND, (offset += RATE * SECONDS_PER_ROUND));
      const seconds = (performance.now() - t0) / 1000;
      cpu[withEndpoints ? 'app' : 'floor'].push({ all: (cpuMicros(app.pid) - cpuBefore[0]) / 1000 / seconds, main: (cpuMicros(app.pid, app.pid) - cpuBefore[1]) / 1000 / seconds });
      if (withEndpoints) {
        await sleep(1_000);
        delivered.push({ count: (await receiver.count()) - before, lags: await receiver.lagsSince(before) });
        await unregister();
      }
      return out.results;
    };
    const results = await alternate(ctx.options.rounds, { floor: round(false), app: round(true) });

    // Throughput: every endpoint replays a backlog at once; deliveries per second until the last arrives.
    await register();
    await scoreAtRate(app.base, tasks, tokens, waiters, SECONDS_PER_ROUND, (offset += RATE * SECONDS_PER_ROUND));
    await sleep(2_000);
    const base = await receiver.count();
    const backlog = base - delivered.reduce((sum, round) => sum + round.count, 0);
    const t0 = Date.now();
    for (const e of registered) await call(app.base, 'POST', `/webhooks/${e.id}/replay`, tokens.get(e.companyId), { fromSeq: e.from });
    let drained = 0;
    for (let waited = 0; drained < backlog && waited < 120_000; waited += 50) {
      await sleep(50);
      drained = (await receiver.count()) - base;
    }
    const drainMs = Date.now() - t0;
    await unregister();
    waiters.off();
    await receiver.close();

    const per = (name, p) => results[name].map((rs) => percentile(rs.map((x) => x.event), p));
    const lags = delivered.map((round) => round.lags);
    const perSecond = delivered.map((round) => round.count / SECONDS_PER_ROUND);
    const over = (name) => results[name].flat().filter((x) => x.event > TARGET_MS).length;
    const floorName = 'the same app, no endpoints';
    const note = `${companies.length} companies × ${ENDPOINTS_PER_COMPANY} endpoints; delivered ${perSecond.map((x) => x.toFixed(0)).join(', ')}/s during the rounds; over ${TARGET_MS} ms: with ${over('app')}, without ${over('floor')} scorings`;
    return [
      row({ scenario: `score -> task.scored, ${RATE}/s, ${ENDPOINTS_PER_COMPANY} endpoints/company`, metric: 'p50 ms', app: per('app', 50), floor: per('floor', 50), floorName, note }),
      row({ scenario: `score -> task.scored, ${RATE}/s, ${ENDPOINTS_PER_COMPANY} endpoints/company`, metric: 'p99 ms', app: per('app', 99), floor: per('floor', 99), floorName, target: `p99 ≤ ${TARGET_MS} ms` }),
      row({ scenario: `api CPU while scoring, ${ENDPOINTS_PER_COMPANY} endpoints/company`, metric: 'ms/s, all threads', app: cpu.app.map((c) => c.all), floor: cpu.floor.map((c) => c.all), floorName }),
      row({ scenario: `api CPU while scoring, ${ENDPOINTS_PER_COMPANY} endpoints/company`, metric: 'ms/s, main thread', app: cpu.app.map((c) => c.main), floor: cpu.floor.map((c) => c.main), floorName }),
      row({ scenario: 'webhook delivery, event committed -> receiver', metric: 'p50 ms', app: lags.map((l) => percentile(l, 50)) }),
      row({ scenario: 'webhook delivery, event committed -> receiver', metric: 'p99 ms', app: lags.map((l) => percentile(l, 99)) }),
      row({ scenario: `webhook backlog drained, ${registered.length || companies.length * ENDPOINTS_PER_COMPANY} endpoints`, metric: 'deliveries/s', app: [(drained / drainMs) * 1000], note: `${drained} of ${backlog} deliveries in ${(drainMs / 1000).toFixed(1)} s to one local receiver` }),
    ];
  },
};
