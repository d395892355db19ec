import { row } from '../lib/compare.mjs';
import { sleep } from '../lib/process.mjs';
import { scoredWaiters, scoreOnce } from '../lib/scorer.mjs';
import { appSocketPool } from '../lib/socket-pool.mjs';
import { percentile } from '../lib/stats.mjs';
import { mintToken } from '../lib/tokens.mjs';

const RATE = 20;
const SECONDS_PER_ROUND = 8;

/** Submitted or completed tasks of the connected executives, one per executive, round-robin over companies. */
export async function scorableTasks(db, who) {
  const ids = who.map((p) => p.user.id);
  const rows = await db.all(`select id, assigned_to_id as userId, company_id as companyId from tasks where status in ('submitted', 'completed') and assigned_to_id in (${ids.map(() => '?').join(',')}) order by assigned_to_id, status desc`, ids);
  const firstPerUser = new Map();
  for (const r of rows) if (!firstPerUser.has(r.userId)) firstPerUser.set(r.userId, r);
  return who.map((p) => firstPerUser.get(p.user.id)).filter(Boolean);
}

/**
 * Open loop at RATE scores a second: a score is sent every 1/RATE s whether or not the previous ones are done.
 * Resolves with every score's response and event times.
 */
export async function scoreAtRate(base, tasks, tokens, waiters, seconds, offset = 0, maxInFlight = Infinity) {
  const results = [];
  const pending = [];
  const failures = [];
  let inFlight = 0;
  let skipped = 0;
  const count = Math.round(seconds * RATE);
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const task = tasks[(offset + i) % tasks.length];
    if (inFlight >= maxInFlight) {
      skipped++;
    } else {
      inFlight++;
      pending.push(
        scoreOnce(base, tokens.get(task.companyId), task.id, waiters)
          .then((r) => results.push(r), (err) => failures.push(err.message))
          .finally(() => inFlight--),
      );
    }
    const nextAt = start + ((i + 1) * 1000) / RATE;
    const wait = nextAt - performance.now();
    if (wait > 0) await sleep(wait);
  }
  await Promise.all(pending);
  // Below RATE the app did not keep up and a backlog built: the latencies then measure the queue.
  return { results, failures, skipped, achievedRate: results.length / ((performance.now() - start) / 1000) };
}

export default {
  name: 'score-event',
  title: `score -> task.scored on the executive's socket at ${RATE} scores/s with 1,000 sockets connected`,
  async run(ctx) {
    const { app, db, people } = await ctx.scaled();
    const { sockets, who } = await appSocketPool(ctx);
    const tasks = await scorableTasks(db, who);
    const tokens = new Map(people.map((c) => [c.id, mintToken(c.admin)]));
    const waiters = scoredWaiters(sockets);
    await scoreAtRate(app.base, tasks, tokens, waiters, 1);
    const rounds = [];
    const failures = [];
    const rates = [];
    for (let r = 0; r < ctx.options.rounds; r++) {
      const out = await scoreAtRate(app.base, tasks, tokens, waiters, SECONDS_PER_ROUND, (r + 1) * RATE * SECONDS_PER_ROUND);
      rounds.push(out.results);
      failures.push(...out.failures);
      rates.push(out.achievedRate);
    }
    waiters.off();
    const per = (key, p) => rounds.map((rs) => percentile(rs.map((x) => x[key]), p));
    const note = `completed ${rates.map((r) => r.toFixed(1)).join(', ')} scores/s per round (offered ${RATE}/s); ${rounds.flat().length} scores over ${tasks.length} tasks (re-scoring allowed), ${sockets.length} sockets; floor = the same PUT's own response time${failures.length ? `; ${failures.length} failed: ${failures[0]}` : ''}`;
    return [
      row({ scenario: `score -> task.scored, ${RATE}/s, 1,000 sockets`, metric: 'p50 ms', app: per('event', 50), floor: per('response', 50), floorName: 'PUT response alone', target: '—', note }),
      row({ scenario: `score -> task.scored, ${RATE}/s, 1,000 sockets`, metric: 'p99 ms', app: per('event', 99), floor: per('response', 99), floorName: 'PUT response alone', target: 'p99 ≤ 15 ms' }),
    ];
  },
};
