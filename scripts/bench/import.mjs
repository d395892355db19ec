#!/usr/bin/env node
// The CSV import of people (docs/imports.md): a dry run and an apply of a file of new executives.
// Run after `npm run build`: node scripts/bench/import.mjs [--rows 10000]
// Starts the built api on a fresh SQLite file, makes a company and its admin, then times:
//  1. the dry run of the file (upload, parse, check, the one read of the people it names), as the browser sends it;
//  2. applying it: from POST /imports to the job reading `done` (batches of 200 in the background, each person
//     created and invited through the users module), with the admin's socket receiving the progress;
//  3. the dry run of the same file again, now that every row names an existing person.
// Prints figures; asserts nothing about timing.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { apiClient, startApp, SUPERADMIN } from './lib/app.mjs';
import { onCleanup, sleep, stopAll } from './lib/process.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROWS = arg('rows', 10_000);

/**
 * The server's CPU seconds so far (user + system, every thread: the SQLite work runs on libuv's pool), from
 * /proc on Linux. On a shared machine the wall time mostly measures the others' load; the CPU time the import
 * costs does not, and on an idle machine the wall time comes close to it (one JavaScript thread, SQLite's work
 * mostly in turn with it).
 */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

function file(rows) {
  const lines = ['Name,Email,Department,Phone'];
  for (let i = 0; i < rows; i++) lines.push(`Person ${i},person-${i}@import.bench,Department ${i % 12},+1 555 ${String(100000 + i)}`);
  return Buffer.from(lines.join('\r\n') + '\r\n').toString('base64');
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'kpi-bench-import-'));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  const app = await startApp({ dbFile: join(dir, 'kpi.sqlite'), extraEnv: process.env.BENCH_MAIL_WORKERS ? { MAIL_WORKERS: process.env.BENCH_MAIL_WORKERS } : {} });
  const api = apiClient(app.base);
  const root = (await api.login(SUPERADMIN.email, SUPERADMIN.password)).token;
  const company = await api.call('POST', '/companies', root, { name: 'Import Bench Co', industry: 'Bench', description: 'Imports' });
  const password = 'bench-password-1';
  await api.call('POST', '/users', root, { name: 'Bench Admin', email: 'admin@import.bench', department: 'Ops', phoneNumber: '1', password, role: 'admin', company: company._id });
  const admin = (await api.login('admin@import.bench', password)).token;
  const body = { kind: 'executives', fileName: 'bench.csv', file: file(ROWS) };

  let cpu0 = cpuSeconds(app.pid);
  let t0 = performance.now();
  const preview = await api.call('POST', '/imports/dry-run', admin, body);
  const dryRunMs = performance.now() - t0;
  console.log(`dry run, ${ROWS} new rows: ${dryRunMs.toFixed(0)} ms, server CPU ${(cpuSeconds(app.pid) - cpu0).toFixed(2)} s (${JSON.stringify(preview.counts)})`);

  cpu0 = cpuSeconds(app.pid);
  t0 = performance.now();
  const job = await api.call('POST', '/imports', admin, body);
  const acceptedMs = performance.now() - t0;
  let state = job;
  while (state.status === 'running') {
    await sleep(100);
    state = await api.call('GET', `/imports/${job.id}`, admin);
  }
  const applyMs = performance.now() - t0;
  const applyCpu = cpuSeconds(app.pid) - cpu0;
  console.log(
    `apply, ${ROWS} rows: accepted in ${acceptedMs.toFixed(0)} ms, done in ${(applyMs / 1000).toFixed(1)} s (${(ROWS / (applyMs / 1000)).toFixed(0)} rows/s), server CPU ${applyCpu.toFixed(1)} s; ${state.status}: ${state.created} created, ${state.rejected} rejected`,
  );

  cpu0 = cpuSeconds(app.pid);
  t0 = performance.now();
  const again = await api.call('POST', '/imports/dry-run', admin, body);
  console.log(`dry run again, ${ROWS} existing rows: ${(performance.now() - t0).toFixed(0)} ms, server CPU ${(cpuSeconds(app.pid) - cpu0).toFixed(2)} s (${JSON.stringify(again.counts)})`);
  console.log(`load average during the run: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
}

main()
  .catch((err) => {
    console.error(err.stack ?? err.message);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
