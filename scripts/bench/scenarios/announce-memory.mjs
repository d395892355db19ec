import { row } from '../lib/compare.mjs';
import { ask } from '../lib/process.mjs';
import { appSocketPool } from '../lib/socket-pool.mjs';
import { mintToken } from '../lib/tokens.mjs';

const ANNOUNCEMENTS = 110;
const SAMPLE_EVERY = 10;
const MB = 1024 * 1024;

/**
 * The investigation behind the soak's native growth: 110 announcements (each notifies a 1,000-executive
 * company: 1,000 notification rows and one broadcast event) with 1,000 sockets connected, one at a time; every 10 a
 * full GC and a memory sample split into heap, external, anonymous and file-backed RSS. Compare a run with
 * MALLOC_ARENA_MAX=2 in the environment to see how much is glibc's per-thread malloc arenas.
 */
export default {
  name: 'announce-memory',
  optIn: true,
  title: `memory over ${ANNOUNCEMENTS} announcements to 1,000-executive companies (1,000 sockets connected)`,
  async run(ctx) {
    const { app, api, people } = await ctx.scaled();
    await appSocketPool(ctx);
    const samples = [];
    const sample = async (n) => {
      await ask(app.child, { type: 'gc' });
      const m = await ask(app.child, { type: 'memory' });
      const s = { n, rss: m.rss / MB, heap: m.heapUsed / MB, heapTotal: m.heapTotal / MB, external: m.external / MB, anon: m.rssAnon / MB, file: m.rssFile / MB, threads: m.threads, newSpace: (m.spaces?.new_space ?? NaN) / MB, oldSpace: (m.spaces?.old_space ?? NaN) / MB };
      samples.push(s);
      ctx.log(`  after ${String(n).padStart(3)}: rss ${s.rss.toFixed(1)} (anon ${s.anon.toFixed(1)}, file ${s.file.toFixed(1)}) heap ${s.heap.toFixed(1)} (committed ${s.heapTotal.toFixed(1)}: new space ${s.newSpace.toFixed(1)}, old space ${s.oldSpace.toFixed(1)}) external ${s.external.toFixed(1)} MB, ${s.threads} threads`);
    };
    await sample(0);
    for (let i = 1; i <= ANNOUNCEMENTS; i++) {
      const company = people[i % people.length];
      await api.call('POST', '/announcements', mintToken(company.admin), { title: `Memory ${i}`, content: 'Where does native memory go?' });
      if (i % SAMPLE_EVERY === 0) await sample(i);
    }
    const first = samples[1];
    const last = samples[samples.length - 1];
    const d = (k) => (last[k] - first[k]).toFixed(1);
    const note = `from announcement ${first.n} to ${last.n}: RSS +${d('rss')} MB (anonymous +${d('anon')}, file-backed +${d('file')}), heap +${d('heap')} MB (committed +${d('heapTotal')}: new space +${d('newSpace')}, old space +${d('oldSpace')}), external +${d('external')} MB; MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? 'unset'}`;
    return [row({ scenario: `${ANNOUNCEMENTS} announcements`, metric: 'RSS growth MB', app: last.rss - first.rss, target: '—', note })];
  },
};
