// `npm run seed:scale` makes rows the app accepts: its logins sign in, and its lists, leaderboards and
// statistics read them. A small size here (the real one is 10 × 1,000 × 200,000).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { apiClient, MAIN, ROOT, startApp } from '../bench/lib/app.mjs';
import { stopAll } from '../bench/lib/process.mjs';
import { lastFullMonth } from '../bench/scenarios/leaderboard-monthly.mjs';

const PASSWORD = 'scale-pass-2026';
let dir;
let app;
let api;
let seedOutput;

before(async () => {
  assert.ok(existsSync(MAIN), 'api/dist/main.js is missing: run `npm run build` first');
  dir = mkdtempSync(join(tmpdir(), 'kpi-seed-scale-'));
  const dbFile = join(dir, 'scale.sqlite');
  const seed = spawnSync(process.execPath, [join(ROOT, 'scripts', 'seed-scale.mjs'), '--companies', '2', '--executives', '6', '--scored', '240'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: `sqlite:${dbFile}`, LOG_LEVEL: 'error' },
    encoding: 'utf8',
  });
  assert.equal(seed.status, 0, seed.stderr);
  seedOutput = seed.stdout;
  app = await startApp({ dbFile });
  api = apiClient(app.base);
});
after(async () => {
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
});

test('prints the logins, and they sign in with the printed password', async () => {
  assert.match(seedOutput, /admin\s+admin@scale1\.test/);
  assert.match(seedOutput, new RegExp(`password for all: ${PASSWORD}`));
  const admin = await api.login('admin@scale1.test', PASSWORD);
  assert.equal(admin.user.role, 'admin');
  const exec = await api.login('exec6@scale2.test', PASSWORD);
  assert.equal(exec.user.role, 'executive');
});

test("an admin sees only their company's seeded tasks: scored ones plus open and submitted ones", async () => {
  const { token } = await api.login('admin@scale1.test', PASSWORD);
  // 240 scored over 12 executives (20 each) and 24 open ones round-robin: 120 + 12 in each company.
  const summary = await api.call('GET', '/tasks/summary', token);
  assert.equal(summary.total, 132);
  const tasks = await api.call('GET', '/tasks?limit=200', token);
  assert.equal(tasks.length, 132);
  const statuses = new Set(tasks.map((t) => t.status));
  for (const s of ['completed', 'submitted']) assert.ok(statuses.has(s), `no ${s} task`);
  const scored = tasks.filter((t) => t.status === 'completed');
  assert.ok(scored.every((t) => t.scoring.totalScore > 0 && t.scoring.totalScore <= 10 && t.submission));
});

test('the monthly leaderboard ranks the seeded executives, and their badges show', async () => {
  const { token, user } = await api.login('admin@scale1.test', PASSWORD);
  const { year, month } = lastFullMonth();
  const board = await api.call('GET', `/leaderboard/monthly/${year}/${month}`, token);
  assert.equal(board.totalExecutives, 6);
  assert.ok(board.entries.length > 0, 'nobody ranked in the last full month');
  const exec = (await api.login('exec1@scale1.test', PASSWORD)).user;
  const badges = await api.call('GET', `/badges/user/${exec._id}`, token);
  assert.ok(badges.some((b) => b.badge.name === 'First Task'), 'the First Task badge is missing');
  assert.equal(user.company._id ?? user.company, exec.company._id ?? exec.company);
});

test("the company's statistics count the seeded work", async () => {
  const { token, user } = await api.login('admin@scale1.test', PASSWORD);
  const stats = await api.call('GET', `/kpi/company/${user.company._id ?? user.company}`, token);
  assert.equal(stats.totalExecutives, 6);
  assert.equal(stats.totalTasks, 132);
  assert.equal(stats.completedTasks, 120);
  assert.ok(stats.averageScore > 0 && stats.averageScore <= 10);
});
