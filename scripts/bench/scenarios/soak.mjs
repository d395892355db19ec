import { row } from '../lib/compare.mjs';
import { ask, sleep } from '../lib/process.mjs';
import { scoredWaiters } from '../lib/scorer.mjs';
import { appSocketPool } from '../lib/socket-pool.mjs';
import { mintToken } from '../lib/tokens.mjs';
import { scorableTasks, scoreAtRate } from './score-event.mjs';

const SAMPLE_EVERY_S = 30;
const ANNOUNCEMENTS_PER_MIN = 10;
const MB = 1024 * 1024;
/** An app that cannot keep up gets at most this many scores outstanding; the others are skipped and counted. */
const MAX_IN_FLIGHT = 50;

/**
 * Memory under steady load: 1,000 sockets, 20 scores/s, 10 announcements/min for --soak-minutes (10).
 * Every 30 s the api (through the preloaded probe) runs a full GC and reports RSS, heap, external and array
 * buffers; growth is measured from the end of the warm-up (the first fifth, at least one sample) to the end.
 * Tip: run with MALLOC_ARENA_MAX=2 in the environment to see how much RSS growth is glibc's per-thread arenas.
 */
export default {
  name: 'soak',
  optIn: true,
  title: '10-minute soak: 1,000 sockets, 20 scores/s, 10 announcements/min; RSS and heap every 30 s',
  async run(ctx) {
    const { app, api, db, people } = await ctx.scaled();
    const { sockets, who } = await appSocketPool(ctx);
    const tasks = await scorableTasks(db, who);
    const tokens = new Map(people.map((c) => [c.id, mintToken(c.admin)]));
    const waiters = scoredWaiters(sockets);
    const totalS = ctx.options.soakMinutes * 60;
    const samples = [];
    const sample = async (t) => {
      await ask(app.child, { type: 'gc' });
      const m = await ask(app.child, { type: 'memory' });
      const s = { t, rss: m.rss / MB, heapUsed: m.heapUsed / MB, heapTotal: m.heapTotal / MB, external: m.external / MB, arrayBuffers: m.arrayBuffers / MB, anon: m.rssAnon / MB, file: m.rssFile / MB, shmem: m.rssShmem / MB };
      samples.push(s);
      ctx.log(`  t=${String(t).padStart(4)} s  rss ${s.rss.toFixed(1)} MB  heap ${s.heapUsed.toFixed(1)} MB (committed ${s.heapTotal.toFixed(1)})  external ${s.external.toFixed(1)} MB  arrayBuffers ${s.arrayBuffers.toFixed(1)} MB  (rss: anon ${s.anon.toFixed(1)}, file ${s.file.toFixed(1)}, shmem ${s.shmem.toFixed(1)} MB)`);
    };
    await sample(0);
    let stop = false;
    let announcements = 0;
    const failures = [];
    const announcing = (async () => {
      while (!stop) {
        const company = people[announcements % people.length];
        await api.call('POST', '/announcements', tokens.get(company.id), { title: `Soak ${announcements}`, content: 'Soak test announcement.' }).catch((err) => failures.push(err.message));
        announcements++;
        await sleep(60_000 / ANNOUNCEMENTS_PER_MIN);
      }
    })();
    // Scores go out open-loop for the whole wall-clock duration; memory is sampled every 30 s meanwhile, so an
    // app that falls behind shows its backlog in the figures instead of stretching the run.
    const started = Date.now();
    const scoring = scoreAtRate(app.base, tasks, tokens, waiters, totalS, 0, MAX_IN_FLIGHT);
    for (let next = SAMPLE_EVERY_S; next <= totalS; next += SAMPLE_EVERY_S) {
      await sleep(started + next * 1000 - Date.now());
      await sample(Math.round((Date.now() - started) / 1000));
    }
    const out = await scoring;
    const scores = out.results.length + out.failures.length;
    failures.push(...out.failures);
    stop = true;
    await announcing;
    waiters.off();
    // RSS swings by tens of MB between samples (GC and allocator timing), so growth compares the median of the
    // first four samples after the warm-up with the median of the last four, not two single points.
    const warmIndex = Math.max(1, Math.floor(samples.length / 5));
    const warm = samples[warmIndex];
    const last = samples[samples.length - 1];
    const mid = (list) => {
      const sorted = [...list].sort((a, b) => a - b);
      const h = Math.floor(sorted.length / 2);
      return sorted.length % 2 ? sorted[h] : (sorted[h - 1] + sorted[h]) / 2;
    };
    const early = samples.slice(warmIndex, warmIndex + 4);
    const late = samples.slice(-4);
    const growth = (key) => ((mid(late.map((x) => x[key])) - mid(early.map((x) => x[key]))) / mid(early.map((x) => x[key]))) * 100;
    const series = samples.map((s) => `${s.t}s:${s.rss.toFixed(0)}/${s.heapUsed.toFixed(0)}`).join(' ');
    const note = `${scores} scores (${out.achievedRate.toFixed(1)}/s completed of 20/s offered, ${out.skipped} skipped at ${MAX_IN_FLIGHT} in flight), ${announcements} announcements; after warm-up (t=${warm.t} s) RSS ${warm.rss.toFixed(1)} → ${last.rss.toFixed(1)} MB, heap ${warm.heapUsed.toFixed(1)} → ${last.heapUsed.toFixed(1)} MB, external ${warm.external.toFixed(1)} → ${last.external.toFixed(1)} MB, anonymous RSS ${warm.anon.toFixed(1)} → ${last.anon.toFixed(1)} MB, file-backed ${warm.file.toFixed(1)} → ${last.file.toFixed(1)} MB, shared ${warm.shmem.toFixed(1)} → ${last.shmem.toFixed(1)} MB; rss/heap MB: ${series}${failures.length ? `; ${failures.length} failures: ${failures[0]}` : ''}`;
    return [
      row({ scenario: `soak ${ctx.options.soakMinutes} min`, metric: 'RSS growth % (medians)', app: growth('rss'), target: '< 10 %', note }),
      row({ scenario: `soak ${ctx.options.soakMinutes} min`, metric: 'heap growth % (medians)', app: growth('heapUsed'), target: '—' }),
    ];
  },
};
