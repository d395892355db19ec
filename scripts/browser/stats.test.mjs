// Browser tests for the statistics screens: the admin's Company Statistics and the superadmin's Overall System
// Statistics, on figures arranged through the API (admin creates, executive submits, admin scores), plus the
// CSV download, the empty company, failure toasts, live refetch and phone width.
// Run after `npm run build`: node --test scripts/browser/stats.test.mjs  (screenshots go to /tmp/shots)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { SUPERADMIN, browserPool, browserSkipReason, eventually, restClient, seedTenant, settlesTo, signIn, startApp, trackNavigations } from './harness.mjs';

const SHOTS = process.env.KPI_SHOTS_DIR ?? '/tmp/shots';
const skip = browserSkipReason();
let app;
let api;
let alpha;
let beta;
let empty;
const browsers = browserPool();
const person = async () => (await browsers.person()).page;

const inDays = (days) => new Date(Date.now() + days * 86_400_000).toISOString();
const card = (page, label) => page.getByRole('group', { name: label, exact: true });
const expectCard = async (page, label, value, timeout = 5000) => {
  await card(page, label).getByText(String(value), { exact: true }).waitFor({ timeout });
};
const region = (page, name) => page.getByRole('region', { name, exact: true });

/** Signs a tenant's admin in (keeping their token for arranging data). */
async function arrange(tenant) {
  tenant.adminToken = (await api.login(tenant.admin.email, tenant.admin.password)).token;
  for (const e of tenant.executives) e.token = (await api.login(e.email, e.password)).token;
  return tenant;
}

let n = 0;
/** A task the executive submits on time and the admin scores: total = 0.4·quality + 0.4·10 + 0.2·initiative. */
async function scoredTask(tenant, exec, qualityScore, initiativeScore) {
  const task = await openTask(tenant, exec);
  await api.put(`/tasks/${task._id}/submit`, exec.token, { content: 'Done, details in the report.' });
  return api.put(`/tasks/${task._id}/score`, tenant.adminToken, { qualityScore, initiativeScore, feedback: 'Scored by the test.' });
}
const openTask = (tenant, exec) =>
  api.post('/tasks', tenant.adminToken, {
    title: `Stats task ${++n}`,
    description: 'Arranged by the statistics test',
    assignedTo: exec._id,
    deadline: inDays(5),
    priority: 'medium',
    reportLink: 'https://reports.example.com/stats',
  });

async function signInAs(email, password, path, heading) {
  const page = await person();
  await signIn(page, app.url, email, password);
  await page.waitForURL((url) => url.pathname !== '/login' && url.pathname !== '/');
  await page.goto(`${app.url}${path}`);
  await page.getByRole('heading', { name: heading }).waitFor();
  return page;
}
const adminStats = (tenant) => signInAs(tenant.admin.email, tenant.admin.password, '/admin/stats', 'Company Statistics');
const systemStats = () => signInAs(SUPERADMIN.email, SUPERADMIN.password, '/superadmin/stats', 'Overall System Statistics');

/** A chart has drawn when apexcharts has put its canvas (an svg) into the chart's card. */
const expectChart = async (page, title) => {
  await region(page, title).locator('.apexcharts-canvas svg').first().waitFor({ timeout: 10_000 });
};
/** Waits for the page to fit the phone (apexcharts redraws a moment after a resize), then returns its width. */
const settledWidth = async (page, width) => {
  await page.waitForFunction((w) => document.documentElement.scrollWidth <= w, width, { timeout: 5000 }).catch(() => {});
  return page.evaluate(() => document.documentElement.scrollWidth);
};
/** Screenshots wait for the charts' draw-in animation to end. */
const shoot = async (page, name, options = {}) => {
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, ...options });
};
const rowCells = async (row) => (await row.locator('th, td').allTextContents()).map((t) => t.trim());

before(async () => {
  if (skip) return;
  mkdirSync(SHOTS, { recursive: true });
  app = await startApp();
  api = restClient(app.url);
  // Departments alternate Sales, Marketing, Sales, … (harness).
  alpha = await arrange(await seedTenant(app.url, { company: 'Stats Alpha Co', executives: ['Erin Exec', 'Sam Seller', 'Pat Planner'] }));
  beta = await arrange(await seedTenant(app.url, { company: 'Stats Beta Co', executives: ['Bo Builder'] }));
  empty = await arrange(await seedTenant(app.url, { company: 'Stats Empty Co', executives: ['Nia New'] }));
  const [erin, sam, pat] = alpha.executives;
  await scoredTask(alpha, erin, 9, 8); // 9.2
  await scoredTask(alpha, erin, 8, 7); // 8.6  → Erin 8.9, excellent
  await scoredTask(alpha, sam, 5, 5); // 7.0  → Sam 7.0, satisfactory
  await scoredTask(alpha, pat, 3, 2); // 5.6  → Pat 5.6, underperforming
  await openTask(alpha, sam); // not scored: 5 tasks, 4 completed
  await scoredTask(beta, beta.executives[0], 6, 5); // 7.4
  await openTask(empty, empty.executives[0]);
});
after(async () => {
  await browsers.closeAll();
  await app?.stop();
});

test("the admin's Company Statistics show the arranged figures, four charts and the department table", { skip }, async () => {
  const page = await adminStats(alpha);
  await expectCard(page, 'Total Executives', 3);
  await expectCard(page, 'Total Tasks', 5);
  await expectCard(page, 'Completed Tasks', 4);
  await card(page, 'Completed Tasks').getByText('80% completion').waitFor();
  // (9.2 + 8.6 + 7.0 + 5.6) / 4 = 7.6
  await expectCard(page, 'Average Score', '7.6');

  for (const title of ['Monthly Performance Trend', 'Department Performance', 'Performance Distribution', 'Task Completion Trend']) {
    await expectChart(page, title);
  }
  // The month axis reads 'Jan 26'; the pie has one slice per level, in green, amber and red.
  const now = new Date();
  const monthLabel = `${now.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })} ${String(now.getUTCFullYear()).slice(2)}`;
  await region(page, 'Monthly Performance Trend').locator('.apexcharts-xaxis-label', { hasText: monthLabel }).first().waitFor();
  const slices = region(page, 'Performance Distribution').locator('.apexcharts-pie-area');
  // The pie's svg is in before its slices are drawn: count them once drawn.
  await settlesTo(() => slices.count(), 3, 'one slice per level');
  const fills = await slices.evaluateAll((paths) => paths.map((p) => p.getAttribute('fill').replace(/\s/g, '')));
  assert.deepEqual(fills, ['rgba(16,185,129,1)', 'rgba(245,158,11,1)', 'rgba(239,68,68,1)'], 'green, amber, red');
  await region(page, 'Performance Distribution').getByText('Excellent').first().waitFor();

  // Sales: Erin and Pat, (9.2 + 8.6 + 5.6) / 3 = 7.8 → Excellent; Marketing: Sam, 7.0 → Satisfactory.
  const rows = region(page, 'Department Details').locator('tbody tr');
  assert.equal(await rows.count(), 2);
  assert.deepEqual(await rowCells(rows.nth(0)), ['Marketing', '1', '7.0', 'Satisfactory']);
  assert.deepEqual(await rowCells(rows.nth(1)), ['Sales', '2', '7.8', 'Excellent']);

  await page.getByText('Login successful!').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
  await shoot(page, 'stats-admin');
});

test('Download CSV saves the company statistics file, starting with its # line', { skip }, async () => {
  const page = await adminStats(alpha);
  await expectCard(page, 'Total Tasks', 5);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  assert.match(download.suggestedFilename(), /^company-stats-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await download.path(), 'utf8');
  const lines = text.split('\r\n');
  assert.ok(lines[0].startsWith('#'), `first line: ${lines[0]}`);
  assert.ok(lines.includes('totalTasks,5'), 'the summary table carries the figures on screen');
  assert.ok(lines.includes('averageScore,7.6'));
  assert.ok(lines.includes('Sales,2,7.8'));
});

test('a company with nothing scored shows zeros and empty charts, without errors', { skip }, async () => {
  const page = await person();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await signIn(page, app.url, empty.admin.email, empty.admin.password);
  await page.waitForURL((url) => url.pathname.startsWith('/admin'));
  await page.goto(`${app.url}/admin/stats`);
  await expectCard(page, 'Total Executives', 1);
  await expectCard(page, 'Total Tasks', 1);
  await expectCard(page, 'Completed Tasks', 0);
  await card(page, 'Completed Tasks').getByText('0% completion').waitFor();
  await expectCard(page, 'Average Score', '0.0');
  for (const title of ['Monthly Performance Trend', 'Department Performance', 'Performance Distribution']) {
    await region(page, title).getByText('No scored tasks yet').waitFor();
  }
  await region(page, 'Task Completion Trend').getByText('No tasks completed yet').waitFor();
  assert.equal(await page.locator('.apexcharts-canvas').count(), 0);
  const rows = region(page, 'Department Details').locator('tbody tr');
  assert.deepEqual(await rowCells(rows.nth(0)), ['Sales', '1', '—', 'No scores yet']);
  assert.equal(await page.getByText('Failed to fetch company statistics').count(), 0);
  assert.deepEqual(errors, []);
  await shoot(page, 'stats-admin-empty');
});

test("the superadmin's Overall System Statistics show totals, company table, top companies and health", { skip }, async () => {
  const page = await systemStats();
  await expectCard(page, 'Total Companies', 3);
  await expectCard(page, 'Total Executives', 5);
  await expectCard(page, 'Completed/Total Tasks', '5/7');
  // (30.4 + 7.4) / 5 = 7.56 → 7.6
  await expectCard(page, 'System Average', '7.6');
  await expectCard(page, 'Total Admins', 3);
  await expectCard(page, 'Completion Rate', '71%');
  await expectCard(page, 'Average Tasks per Executive', '1.4');
  for (const title of ['Company Performance', 'Monthly Trends', 'Performance Distribution']) await expectChart(page, title);

  const rows = region(page, 'Company Details').locator('tbody tr');
  assert.deepEqual(await rowCells(rows.nth(0)), ['Stats Alpha Co', '3', '7.6', '4']);
  assert.deepEqual(await rowCells(rows.nth(1)), ['Stats Beta Co', '1', '7.4', '1']);
  assert.deepEqual(await rowCells(rows.nth(2)), ['Stats Empty Co', '1', '—', '0']);

  // Ranked by average; a company with nothing scored is left out.
  const top = page.getByRole('list', { name: 'Top Performing Companies' }).locator('li');
  assert.equal(await top.count(), 2);
  assert.match(await top.nth(0).textContent(), /^1Stats Alpha Co7\.6\/10$/);
  assert.match(await top.nth(1).textContent(), /^2Stats Beta Co7\.4\/10$/);

  // docs/product.md#business-rules-and-constants: 7.6 ≥ 7.5 good; 71% ≥ 60% moderate; 3 companies ≥ 2 growing.
  const health = region(page, 'Health Indicators');
  await health.getByRole('group', { name: 'System Performance' }).getByText('Good', { exact: true }).waitFor();
  await health.getByRole('group', { name: 'Task Completion' }).getByText('Moderate', { exact: true }).waitFor();
  await health.getByRole('group', { name: 'Platform Growth' }).getByText('Growing', { exact: true }).waitFor();
  await health.getByText('71% of tasks completed').waitFor();

  await page.getByText('Login successful!').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
  await shoot(page, 'stats-superadmin');
});

test('failures toast the messages of the product and show the empty state', { skip }, async () => {
  const admin = await adminStats(alpha);
  await expectCard(admin, 'Total Tasks', 5);
  await admin.route('**/api/kpi/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500,"message":"Internal server error"}' }));
  // A fresh visit has nothing to fall back on: toast and empty state; the CSV button fails with the toast too.
  await admin.reload();
  await admin.getByText('Failed to fetch company statistics').waitFor();
  await admin.getByText('No statistics available').waitFor();
  await admin.unroute('**/api/kpi/**');
  await admin.getByRole('button', { name: 'Try Again' }).click();
  await expectCard(admin, 'Total Tasks', 5);

  const root = await systemStats();
  await expectCard(root, 'Total Companies', 3);
  await root.route('**/api/kpi/overall', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await root.reload();
  await root.getByText('Failed to fetch overall statistics').waitFor();
  await root.getByText('No statistics available').waitFor();
  await root.unroute('**/api/kpi/overall');

  // A platform with no companies yet has nothing to chart: the same empty state, and no toast.
  const none = { totalCompanies: 0, totalAdmins: 0, totalExecutives: 0, totalTasks: 0, completedTasks: 0, averageScore: 0, companyPerformance: [], monthlyTrends: [], performanceDistribution: [], topPerformingCompanies: [] };
  await root.route('**/api/kpi/overall', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(none) }));
  await root.reload();
  await root.getByText('Statistics appear once companies are added.').waitFor();
  await root.getByText('No statistics available').waitFor();
  assert.equal(await root.getByText('Failed to fetch overall statistics').count(), 0);
  await root.unroute('**/api/kpi/overall');
});

test('both screens refetch live: a score lands for the admin, a new company for the superadmin', { skip }, async () => {
  const admin = await adminStats(beta);
  await expectCard(admin, 'Completed Tasks', 1);
  await expectCard(admin, 'Average Score', '7.4');
  const adminNavigations = trackNavigations(admin);
  await scoredTask(beta, beta.executives[0], 10, 10); // 10.0 → (7.4 + 10) / 2 = 8.7
  await expectCard(admin, 'Completed Tasks', 2);
  await expectCard(admin, 'Average Score', '8.7');
  await expectCard(admin, 'Total Tasks', 2);
  assert.deepEqual(adminNavigations, []);

  const root = await systemStats();
  await expectCard(root, 'Total Companies', 3);
  const rootNavigations = trackNavigations(root);
  const { token } = await api.login(SUPERADMIN.email, SUPERADMIN.password);
  await api.post('/companies', token, { name: 'Stats Gamma Co', industry: 'Testing', description: 'Arrives live' });
  await expectCard(root, 'Total Companies', 4);
  await region(root, 'Company Details').getByText('Stats Gamma Co').waitFor();
  // A score landing in any company reaches the superadmin's figures too (the `stats.changed` system event).
  const [, done, all] = (await card(root, 'Completed/Total Tasks').textContent()).match(/(\d+)\s*\/\s*(\d+)/).map(Number);
  await scoredTask(beta, beta.executives[0], 9, 9);
  await expectCard(root, 'Completed/Total Tasks', `${done + 1}/${all + 1}`);
  assert.deepEqual(rootNavigations, []);
});

test('both screens work at phone width and from the keyboard', { skip }, async () => {
  const admin = await adminStats(alpha);
  await admin.setViewportSize({ width: 390, height: 844 });
  await expectChart(admin, 'Department Performance');
  const width = await settledWidth(admin, 390);
  assert.ok(width <= 390, `admin screen scrolls sideways: ${width}px`);
  // apexcharts redraws a moment after the resize: give the chart that moment to fit its card.
  await eventually(() => region(admin, 'Monthly Performance Trend').locator('.apexcharts-canvas').first().evaluate((el) => el.getBoundingClientRect().width), (chartWidth) => chartWidth <= 360, {
    message: 'the chart fits its card (at most 360px wide)',
  });
  await shoot(admin, 'stats-admin-phone');

  const root = await systemStats();
  await root.setViewportSize({ width: 390, height: 844 });
  await expectChart(root, 'Company Performance');
  const rootWidth = await settledWidth(root, 390);
  assert.ok(rootWidth <= 390, `superadmin screen scrolls sideways: ${rootWidth}px`);
  // The company table scrolls inside its card, and takes focus so a keyboard can scroll it.
  const table = region(root, 'Company Details');
  assert.equal(await table.getAttribute('tabindex'), '0');
  await shoot(root, 'stats-superadmin-phone');

  // Keyboard: Tab from the sidebar reaches Download CSV, and Enter downloads.
  await admin.setViewportSize({ width: 1280, height: 860 });
  await admin.getByRole('link', { name: 'Statistics' }).focus();
  let reached = false;
  for (let i = 0; i < 15 && !reached; i++) {
    await admin.keyboard.press('Tab');
    reached = await admin.evaluate(() => document.activeElement?.textContent?.trim() === 'Download CSV');
  }
  assert.ok(reached, 'Tab never reached Download CSV');
  const [download] = await Promise.all([admin.waitForEvent('download'), admin.keyboard.press('Enter')]);
  assert.match(download.suggestedFilename(), /\.csv$/);
});
