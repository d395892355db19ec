import { alternate, row } from './compare.mjs';
import { startBareNest } from './floors.mjs';
import { fetchBytes, load } from './http-load.mjs';
import { cpuMicros } from './process-cpu.mjs';
import { percentile } from './stats.mjs';

let nest = null;
/** One bare Nest floor for every "same bytes" scenario of the run. */
async function bareNest() {
  nest ??= startBareNest();
  return nest;
}

/**
 * Throughput and p99 of `GET path` on the app (with `headers`) against the bare Nest floor answering the
 * very bytes the app answered, plus any extra sides on the app itself (e.g. its /api/health).
 */
export async function sameBytes(ctx, { scenario, path, headers = {}, connections = 10, extra = {}, targetRps = '≥ 0.5×', targetP99 = '≤ 2×', describe }) {
  const { app } = await ctx.scaled();
  const floor = await bareNest();
  const { body, contentType } = await fetchBytes(`${app.base}${path}`, headers);
  await floor.serve(path, body, contentType);
  const durationMs = ctx.options.duration * 1000;
  // Each side also reports its server's CPU time per request: unlike req/s, it hardly moves when something
  // else takes the machine's cores, so it shows the same ratio on a busy machine.
  const side = (url, pid, h = {}) => async (ms = durationMs) => {
    const before = cpuMicros(pid);
    const result = await load(url, { headers: h, connections, durationMs: ms });
    const after = cpuMicros(pid);
    return { ...result, cpuPerRequest: before === null || after === null || !result.requests ? null : (after - before) / result.requests };
  };
  const sides = {
    floor: side(`${floor.base}${path}`, floor.child.pid),
    app: side(`${app.base}${path}`, app.pid, headers),
    ...Object.fromEntries(Object.entries(extra).map(([name, p]) => [name, side(`${app.base}${p}`, app.pid)])),
  };
  // Warm-up: a short pass of each side, not counted.
  for (const run of Object.values(sides)) await run(Math.min(1000, durationMs));
  const results = await alternate(ctx.options.rounds, Object.fromEntries(Object.entries(sides).map(([n, run]) => [n, () => run()])));
  const rps = (side) => results[side].map((r) => r.rps);
  const p99 = (side) => results[side].map((r) => percentile(r.latencies, 99));
  const errors = Object.entries(results).flatMap(([side, rs]) => rs.filter((r) => r.errors || r.non200).map((r) => `${side}: ${r.errors} errors, ${r.non200} non-200`));
  const note = [describe?.(body), `${(body.length / 1024).toFixed(1)} kB per answer`, ...errors].filter(Boolean).join('; ');
  const cpu = (side) => results[side].map((r) => r.cpuPerRequest);
  const rows = [
    row({ scenario, metric: 'req/s', app: rps('app'), floor: rps('floor'), floorName: 'bare Nest, same bytes', target: targetRps, note }),
    row({ scenario, metric: 'p99 ms', app: p99('app'), floor: p99('floor'), floorName: 'bare Nest, same bytes', target: targetP99 }),
  ];
  if (cpu('app').every((v) => v !== null) && cpu('floor').every((v) => v !== null)) {
    rows.push(row({ scenario, metric: 'server CPU µs/req', app: cpu('app'), floor: cpu('floor'), floorName: 'bare Nest, same bytes', target: '—' }));
  }
  for (const [name, p] of Object.entries(extra)) {
    rows.push(row({ scenario, metric: 'req/s', app: rps('app'), floor: rps(name), floorName: `app's GET ${p}`, target: '—' }));
  }
  return rows;
}
