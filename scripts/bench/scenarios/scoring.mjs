import { row } from '../lib/compare.mjs';
import { scoredWaiters, scoreOnce } from '../lib/scorer.mjs';
import { appSocketPool } from '../lib/socket-pool.mjs';
import { percentile } from '../lib/stats.mjs';
import { mintToken } from '../lib/tokens.mjs';

const PER_ROUND = 60;
const WARMUP = 10;

/**
 * The original score-to-screen benchmark (formerly scripts/bench/run.mjs), one scoring at a time: an admin
 * creates a task, the executive submits it, the admin scores it; timed from sending the score to the
 * assignee's socket receiving `task.scored`. Floor: the same PUT's response time alone.
 */
export default {
  name: 'scoring',
  title: 'create, submit, score one at a time: score sent -> task.scored on the assignee socket (sequential)',
  async run(ctx) {
    const { app, api, people } = await ctx.scaled();
    const { sockets, who } = await appSocketPool(ctx);
    const company = people[1] ?? people[0];
    const mine = who.map((p, i) => ({ ...p, socket: sockets[i] })).filter((p) => p.companyId === company.id);
    const adminToken = mintToken(company.admin);
    const waiters = scoredWaiters(mine.map((p) => p.socket));
    const deadline = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    const rounds = [];
    for (let r = 0; r < ctx.options.rounds; r++) {
      const samples = [];
      for (let i = 0; i < PER_ROUND + (r === 0 ? WARMUP : 0); i++) {
        const exec = mine[i % mine.length];
        const task = await api.call('POST', '/tasks', adminToken, { title: `Bench task ${r}-${i}`, description: 'Measured by the benchmark.', assignedTo: exec.user.id, deadline, reportLink: 'https://reports.example.com/bench' });
        await api.call('PUT', `/tasks/${task._id}/submit`, mintToken(exec.user), { content: 'Done.' });
        const result = await scoreOnce(app.base, adminToken, task._id, waiters);
        if (r > 0 || i >= WARMUP) samples.push(result);
      }
      rounds.push(samples);
    }
    waiters.off();
    const per = (key, p) => rounds.map((rs) => percentile(rs.map((x) => x[key]), p));
    return [
      row({ scenario: 'scoring, one at a time', metric: 'p50 ms', app: per('event', 50), floor: per('response', 50), floorName: 'PUT response alone', target: '—', note: `${PER_ROUND} scorings per round in a ${company.execs.length}-executive company` }),
      row({ scenario: 'scoring, one at a time', metric: 'p99 ms', app: per('event', 99), floor: per('response', 99), floorName: 'PUT response alone', target: '—' }),
    ];
  },
};
