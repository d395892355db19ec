#!/usr/bin/env node
// Email throughput and the score → socket path with email on (docs/notifications.md, docs/benchmarks.md).
// Run after `npm run build`: node scripts/bench/mail.mjs [--executives 100] [--scorings 100]
// Starts a local SMTP server (smtp-server) and the built api on a fresh SQLite file pointed at it, then:
//  1. emails per second: urgent announcements to every executive, timed from the first post to the last
//     message the SMTP server accepted;
//  2. score → task.scored on the executive's socket, p50/p99, in rounds alternating email on (every
//     executive's defaults: an instant email per score) and email off (every executive set scores to off).
// Prints figures; asserts nothing about timing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';
import { apiClient, startApp, SUPERADMIN } from './lib/app.mjs';
import { onCleanup, sleep, stopAll } from './lib/process.mjs';
import { scoredWaiters, scoreOnce } from './lib/scorer.mjs';
import { closeAll, connectMany } from './lib/sockets.mjs';
import { median, percentile } from './lib/stats.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const EXECUTIVES = arg('executives', 100);
const SCORINGS = arg('scorings', 100);
const ANNOUNCEMENTS = 5;
const ROUNDS = 4;
const RATE = 10;

async function startSmtp() {
  const accepted = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        accepted.push(performance.now());
        callback();
      });
    },
  });
  server.on('error', () => undefined); // a reset connection is not the bench's failure
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  onCleanup(() => new Promise((r) => server.close(r)));
  return { url: `smtp://127.0.0.1:${server.server.address().port}`, accepted };
}

async function main() {
  const smtp = await startSmtp();
  const dir = mkdtempSync(join(tmpdir(), 'kpi-bench-mail-'));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  const app = await startApp({ dbFile: join(dir, 'kpi.sqlite'), extraEnv: { SMTP_URL: smtp.url } });
  const api = apiClient(app.base);
  const root = (await api.login(SUPERADMIN.email, SUPERADMIN.password)).token;
  const company = await api.call('POST', '/companies', root, { name: 'Mail Bench Co', industry: 'Bench', description: 'Emails' });
  const password = 'bench-password-1';
  const admin = await api.call('POST', '/users', root, { name: 'Bench Admin', email: 'admin@mail.bench', department: 'Ops', phoneNumber: '1', password, role: 'admin', company: company._id });
  const adminToken = (await api.login(admin.email, password)).token;
  const execs = [];
  for (let i = 0; i < EXECUTIVES; i++) {
    const user = await api.call('POST', '/users', adminToken, { name: `Exec ${i}`, email: `exec${i}@mail.bench`, department: 'Sales', phoneNumber: '1', password, role: 'executive', company: company._id });
    execs.push({ user, token: (await api.login(user.email, password)).token });
  }
  const tasks = [];
  for (const e of execs) {
    const task = await api.call('POST', '/tasks', adminToken, { title: `Bench ${e.user.name}`, description: 'Bench', assignedTo: e.user._id, deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(), reportLink: 'https://example.com/r' });
    await api.call('PUT', `/tasks/${task._id}/submit`, e.token, { content: 'Done' });
    tasks.push(task._id);
  }
  // Let the set-up's emails (assignments) drain before measuring.
  for (let last = -1; last !== smtp.accepted.length; ) {
    last = smtp.accepted.length;
    await sleep(2000);
  }

  // 1. Emails per second.
  const before = smtp.accepted.length;
  const expected = ANNOUNCEMENTS * (EXECUTIVES + 1);
  const t0 = performance.now();
  for (let i = 0; i < ANNOUNCEMENTS; i++) await api.call('POST', '/announcements', adminToken, { title: `Bench ${i}`, content: 'Throughput', priority: 'urgent' });
  while (smtp.accepted.length - before < expected) await sleep(50);
  const seconds = (smtp.accepted.at(-1) - t0) / 1000;
  console.log(`emails: ${expected} in ${seconds.toFixed(2)} s = ${(expected / seconds).toFixed(0)} emails/s to the local SMTP server`);

  // 2. Score → socket, email on and off in alternating rounds.
  const sockets = (await connectMany(app.base, execs.map((e) => ({ token: e.token })))).sockets;
  onCleanup(() => closeAll(sockets));
  const waiters = scoredWaiters(sockets);
  const setScores = (mode) => Promise.all(execs.map((e) => api.call('PUT', '/notification-preferences', e.token, { modes: { 'task.scored': mode, 'badge.awarded': mode } })));
  const samples = { on: [], off: [] };
  let offset = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const mode = round % 2 === 0 ? 'on' : 'off';
    await setScores(mode === 'on' ? 'instant' : 'off');
    const sentBefore = smtp.accepted.length;
    const pending = [];
    for (let i = 0; i < SCORINGS; i++) {
      const taskId = tasks[(offset + i) % tasks.length];
      pending.push(scoreOnce(app.base, adminToken, taskId, waiters, { qualityScore: 1 + ((offset + i) % 10), initiativeScore: 7, feedback: 'Bench' }).then((r) => samples[mode].push(r.event)));
      await sleep(1000 / RATE);
    }
    await Promise.all(pending);
    offset += SCORINGS;
    await sleep(3000);
    console.log(`round ${round + 1} (email ${mode}): ${SCORINGS} scorings at ${RATE}/s, emails meanwhile: ${smtp.accepted.length - sentBefore}`);
  }
  waiters.off();
  for (const mode of ['on', 'off']) {
    const s = samples[mode];
    console.log(`score → socket with email ${mode.padEnd(3)}: p50 ${median(s).toFixed(1)} ms, p99 ${percentile(s, 99).toFixed(1)} ms (${s.length} scorings)`);
  }
}

main()
  .catch((err) => {
    console.error(err.stack ?? err.message);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
