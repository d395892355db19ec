// The leaderboard screens on the demo data (a year of scored work, the last three complete months published):
// what the screens show agrees with the API. Run after `npm run build`:
//   node --test scripts/browser/leaderboard-demo.test.mjs   (screenshots: /tmp/shots/lb-demo-*)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { browserPool, browserSkipReason, restClient, signIn, startDemoApp } from './harness.mjs';

const SHOTS = process.env.KPI_SHOTS_DIR ?? '/tmp/shots';
const ADMIN = { email: 'olivia.bennett@northwind.demo', get password() { return app.demoPassword; } };
const EXECUTIVE = { email: 'james.carter@northwind.demo', get password() { return app.demoPassword; } };
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const skip = browserSkipReason();
let app;
let api;
const browsers = browserPool();

const now = new Date();
const previous = new Date(now.getFullYear(), now.getMonth() - 1, 1);
const rowNames = (list) => list.locator(':scope > li').evaluateAll((rows) => rows.map((r) => r.querySelector('p')?.textContent?.trim()));

async function signInAs(who, path, heading) {
  const { page } = await browsers.person();
  await signIn(page, app.url, who.email, who.password);
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.goto(`${app.url}${path}`);
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
  // Let the sign-in toast leave the pictures.
  await page.getByText('Login successful!').waitFor({ state: 'detached', timeout: 6000 }).catch(() => {});
  return page;
}

before(async () => {
  if (skip) return;
  mkdirSync(SHOTS, { recursive: true });
  app = await startDemoApp();
  api = restClient(app.url);
});
after(async () => {
  await browsers.closeAll();
  await app?.stop();
});

test("the admin's Leaderboards show a published month of the demo company as the API ranks it", { skip }, async () => {
  const { token } = await api.login(ADMIN.email, ADMIN.password);
  const board = await api.get(`/leaderboard/monthly/${previous.getFullYear()}/${previous.getMonth() + 1}`, token);
  assert.ok(board.entries.length >= 3 && board.generatedAt, 'the demo publishes the last complete months');

  const admin = await signInAs(ADMIN, '/admin/leaderboards', 'Leaderboards');
  await admin.getByLabel('Year', { exact: true }).selectOption(String(previous.getFullYear()));
  await admin.getByLabel('Month', { exact: true }).selectOption(String(previous.getMonth() + 1));
  await admin.getByRole('heading', { name: `${MONTHS[previous.getMonth()]} ${previous.getFullYear()} Leaderboard` }).waitFor();
  // A finished, published month opens on its snapshot; Live is one click away.
  await admin.getByText(/^Published on /).waitFor();
  const snapshot = await api.get(`/leaderboard/published/monthly/${previous.getFullYear()}/${previous.getMonth() + 1}`, token);
  const published = admin.getByRole('list', { name: 'Published ranking' });
  await published.waitFor();
  assert.deepEqual(await rowNames(published), snapshot.entries.slice(0, 10).map((e) => e.user.name));
  await admin.getByRole('group', { name: 'Leaderboard view' }).getByRole('button', { name: 'Live' }).click();
  await admin.getByText(`${board.rankedExecutives} executives ranked`).waitFor();
  const list = admin.getByRole('list', { name: 'Top 10 Executives' });
  await list.waitFor();
  assert.deepEqual(await rowNames(list), board.entries.slice(0, 10).map((e) => e.user.name));
  await admin.mouse.move(0, 0);
  await admin.screenshot({ path: `${SHOTS}/lb-demo-admin-published.png`, fullPage: true });

  await admin.getByLabel('Period Type').selectOption('yearly');
  const yearly = await api.get(`/leaderboard/yearly/${previous.getFullYear()}`, token);
  await admin.getByRole('heading', { name: `${previous.getFullYear()} Leaderboard` }).waitFor();
  await list.locator(':scope > li').first().getByText(yearly.entries[0].user.name).waitFor();
  assert.deepEqual(await rowNames(list), yearly.entries.slice(0, 10).map((e) => e.user.name));
});

test("the executive's Company Leaderboard and Performance Dashboard show the demo figures", { skip }, async () => {
  const { token, user } = await api.login(EXECUTIVE.email, EXECUTIVE.password);
  const stats = await api.get(`/kpi/executive/${user._id}`, token);
  const board = await api.get(`/leaderboard/monthly/${previous.getFullYear()}/${previous.getMonth() + 1}`, token);
  const mine = board.entries.find((e) => e.user._id === user._id);

  const exec = await signInAs(EXECUTIVE, '/executive/leaderboard', 'Company Leaderboard');
  await exec.getByLabel('Year', { exact: true }).selectOption(String(previous.getFullYear()));
  await exec.getByLabel('Month', { exact: true }).selectOption(String(previous.getMonth() + 1));
  await exec.getByRole('heading', { name: `${MONTHS[previous.getMonth()]} ${previous.getFullYear()} Leaderboard` }).waitFor();
  // The published month opens on its snapshot; the live ranking is under Live.
  await exec.getByRole('list', { name: 'Published ranking' }).waitFor();
  await exec.getByRole('group', { name: 'Leaderboard view' }).getByRole('button', { name: 'Live' }).click();
  const list = exec.getByRole('list', { name: 'Top 10 Executives' });
  await list.waitFor();
  const names = board.entries.slice(0, 10).map((e) => (e.user._id === user._id ? `${e.user.name} (You)` : e.user.name));
  assert.deepEqual(await rowNames(list), names);
  if (mine) {
    await exec.getByRole('region', { name: 'My Current Position' }).getByText(`Rank #${mine.rank} of ${board.totalExecutives} executives`).waitFor();
  }
  await exec.mouse.move(0, 0);
  await exec.screenshot({ path: `${SHOTS}/lb-demo-executive-leaderboard.png`, fullPage: true });

  await exec.getByRole('link', { name: 'Performance' }).click();
  await exec.getByRole('heading', { name: 'Performance Dashboard' }).waitFor();
  const tile = (label) => exec.getByRole('group', { name: label, exact: true }).locator('p').nth(1);
  await tile('Average Score').getByText(stats.averageScore.toFixed(1), { exact: true }).waitFor();
  assert.equal(await tile('Current Rank').textContent(), stats.currentRank ? `#${stats.currentRank} of ${stats.totalExecutives}` : '—');
  const rate = stats.totalTasks ? Math.round((stats.completedTasks / stats.totalTasks) * 100) : 0;
  assert.equal(await tile('Completion Rate').textContent(), `${rate}%`);
  assert.equal(await tile('Badges Earned').textContent(), String(stats.badges));
  for (const title of ['Monthly Performance Trend', 'Score Breakdown']) {
    await exec.getByRole('figure', { name: title }).locator('.apexcharts-canvas svg').first().waitFor({ timeout: 10_000 });
  }
  // A year of history: the trend has points in most months.
  assert.ok(stats.monthlyScores.filter((m) => m.score > 0).length >= 6, 'the demo scores most months');
  await exec.waitForTimeout(1500);
  await exec.screenshot({ path: `${SHOTS}/lb-demo-executive-performance.png`, fullPage: true });
});
