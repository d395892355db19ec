// The statistics screens on the demo data (a year of scored work in several companies): every figure on the
// cards and in the tables agrees with the API, every chart draws, and screenshots for a person to look at.
// Run after `npm run build`: node --test scripts/browser/stats-demo.test.mjs  (screenshots go to /tmp/shots)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { browserPool, browserSkipReason, restClient, signIn, startDemoApp } from './harness.mjs';

const ADMIN = { email: 'olivia.bennett@northwind.demo', get password() { return app.demoPassword; } };
const SUPERADMIN = { email: 'superadmin@kpi.demo', get password() { return app.demoPassword; } };
const SHOTS = process.env.KPI_SHOTS_DIR ?? '/tmp/shots';
const skip = browserSkipReason();
let app;
let api;
const browsers = browserPool();

const one = (v) => v.toFixed(1);
const cardValue = async (page, label) => (await page.getByRole('group', { name: label, exact: true }).locator('p').nth(1).textContent()).trim();
const region = (page, name) => page.getByRole('region', { name, exact: true });
const rowCells = async (row) => (await row.locator('th, td').allTextContents()).map((t) => t.trim());

async function open(who, path, heading) {
  const page = (await browsers.person()).page;
  await signIn(page, app.url, who.email, who.password);
  await page.waitForURL((url) => url.pathname !== '/login' && url.pathname !== '/');
  await page.goto(`${app.url}${path}`);
  await page.getByRole('heading', { name: heading }).waitFor();
  await page.locator('.apexcharts-canvas').first().waitFor({ timeout: 10_000 });
  return page;
}
/** Pictures wait for the toast to go and the charts to finish drawing in. */
async function shoot(page, name, { phone = false } = {}) {
  await page.getByText('Login successful!').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
  if (phone) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForFunction(() => document.documentElement.scrollWidth <= 390, null, { timeout: 5000 });
  }
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
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

test("the demo admin's Company Statistics agree with the API and draw every chart", { skip }, async () => {
  const { token, user } = await api.login(ADMIN.email, ADMIN.password);
  const companyId = user.company?._id ?? user.company;
  const stats = await api.get(`/kpi/company/${companyId}`, token);
  assert.ok(stats.completedTasks > 10 && stats.departmentStats.length > 1, 'the demo has scored work in several departments');

  const page = await open(ADMIN, '/admin/stats', 'Company Statistics');
  assert.equal(await cardValue(page, 'Total Executives'), String(stats.totalExecutives));
  assert.equal(await cardValue(page, 'Total Tasks'), String(stats.totalTasks));
  assert.equal(await cardValue(page, 'Completed Tasks'), String(stats.completedTasks));
  assert.equal(await cardValue(page, 'Average Score'), one(stats.averageScore));
  for (const title of ['Monthly Performance Trend', 'Department Performance', 'Performance Distribution', 'Task Completion Trend']) {
    await region(page, title).locator('.apexcharts-canvas svg').first().waitFor();
  }
  const rows = region(page, 'Department Details').locator('tbody tr');
  assert.equal(await rows.count(), stats.departmentStats.length);
  for (const [i, d] of stats.departmentStats.entries()) {
    const cells = await rowCells(rows.nth(i));
    assert.deepEqual(cells.slice(0, 3), [d.department, String(d.executiveCount), d.averageScore > 0 ? one(d.averageScore) : '—']);
  }
  await shoot(page, 'stats-demo-admin');
  await shoot(page, 'stats-demo-admin-phone', { phone: true });
});

test("the demo superadmin's Overall System Statistics agree with the API", { skip }, async () => {
  const { token } = await api.login(SUPERADMIN.email, SUPERADMIN.password);
  const stats = await api.get('/kpi/overall', token);
  assert.ok(stats.totalCompanies >= 2, 'the demo has several companies');

  const page = await open(SUPERADMIN, '/superadmin/stats', 'Overall System Statistics');
  assert.equal(await cardValue(page, 'Total Companies'), String(stats.totalCompanies));
  assert.equal(await cardValue(page, 'Total Executives'), String(stats.totalExecutives));
  assert.equal(await cardValue(page, 'Completed/Total Tasks'), `${stats.completedTasks}/${stats.totalTasks}`);
  assert.equal(await cardValue(page, 'System Average'), one(stats.averageScore));
  assert.equal(await cardValue(page, 'Total Admins'), String(stats.totalAdmins));
  assert.equal(await cardValue(page, 'Completion Rate'), `${Math.round((stats.completedTasks / stats.totalTasks) * 100)}%`);
  for (const title of ['Company Performance', 'Monthly Trends', 'Performance Distribution']) {
    await region(page, title).locator('.apexcharts-canvas svg').first().waitFor();
  }
  const rows = region(page, 'Company Details').locator('tbody tr');
  assert.equal(await rows.count(), stats.companyPerformance.length);
  const top = page.getByRole('list', { name: 'Top Performing Companies' }).locator('li');
  assert.equal(await top.count(), stats.topPerformingCompanies.length);
  for (const [i, c] of stats.topPerformingCompanies.entries()) {
    assert.equal(await top.nth(i).textContent(), `${i + 1}${c.company}${one(c.score)}/10`);
  }
  await region(page, 'Health Indicators').getByText(`${stats.totalCompanies} companies`).waitFor();
  await shoot(page, 'stats-demo-superadmin');
  await shoot(page, 'stats-demo-superadmin-phone', { phone: true });
});
