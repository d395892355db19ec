// Browser tests for the leaderboard screens: the admin's Leaderboards, the executive's Company Leaderboard and
// Performance Dashboard, live across browsers, and the chart library staying off the sign-in page.
// Run after `npm run build`: node --test scripts/browser/leaderboard.test.mjs  (screenshots: /tmp/shots/lb-*)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserPool, browserSkipReason, eventually, restClient, seedTenant, settlesTo, signIn, startApp, trackNavigations } from './harness.mjs';

const SHOTS = process.env.KPI_SHOTS_DIR ?? '/tmp/shots';
const ASSETS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'dist', 'assets');
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const skip = browserSkipReason();
let app;
let tenant;
let api;
let adminToken;
/** Erin, Sam and Kim by first name, each with `password` and `token`. */
const people = {};
const browsers = browserPool();
const person = async () => (await browsers.person()).page;

// The server reads periods in the company's zone (UTC by default); the browser shows its own current month.
// Both are the machine's clock here: the test runs with TZ unset or UTC.
const now = new Date();
const monthLabel = `${MONTHS[now.getMonth()]} ${now.getFullYear()}`;
const inDays = (days) => new Date(Date.now() + days * 86_400_000);

/** Arranges a scored task through REST: created by the admin, submitted by the executive, scored by the admin. */
async function scoredTask(who, quality, initiative, title = `Task ${Math.random().toString(36).slice(2, 8)}`) {
  const task = await openTask(who, title);
  await api.put(`/tasks/${task._id}/submit`, who.token, { content: `Done: ${title}` });
  return api.put(`/tasks/${task._id}/score`, adminToken, { qualityScore: quality, initiativeScore: initiative, feedback: 'Arranged by the test' });
}
const openTask = (who, title = `Open ${Math.random().toString(36).slice(2, 8)}`) =>
  api.post('/tasks', adminToken, {
    title,
    description: 'Arranged by the leaderboard test',
    assignedTo: who._id,
    deadline: inDays(5).toISOString(),
    priority: 'medium',
    reportLink: 'https://reports.example.com/leaderboard',
  });

async function signInAs(who, path, heading) {
  const page = await person();
  await signIn(page, app.url, who.email, who.password);
  await page.waitForURL((url) => url.pathname.startsWith(who.role === 'admin' ? '/admin' : '/executive'));
  await page.goto(`${app.url}${path}`);
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
  return page;
}

/** Reloads the page with Element.animate recorded (the animated property of each call) in window.__animations. */
async function recordAnimations(page) {
  await page.addInitScript(() => {
    const animate = Element.prototype.animate;
    window.__animations = [];
    Element.prototype.animate = function (keyframes, options) {
      window.__animations.push(...Object.keys(Array.isArray(keyframes) ? keyframes[0] ?? {} : keyframes ?? {}));
      return animate.call(this, keyframes, options);
    };
  });
  await page.reload();
}

/** The names in a ranked list, top to bottom. */
const rowNames = (list) => list.locator(':scope > li').evaluateAll((rows) => rows.map((r) => r.querySelector('p')?.textContent?.trim()));
const section = (page, title) => page.getByRole('region', { name: title, exact: true });
const tileValue = (page, label) => page.getByRole('group', { name: label, exact: true }).locator('p').nth(1);

before(async () => {
  if (skip) return;
  mkdirSync(SHOTS, { recursive: true });
  app = await startApp();
  tenant = await seedTenant(app.url, { company: 'Leaderboard Browser Co', executives: ['Erin Exec', 'Sam Seller', 'Kim Keeper'] });
  api = restClient(app.url);
  adminToken = (await api.login(tenant.admin.email, tenant.admin.password)).token;
  tenant.admin.role = 'admin';
  for (const e of tenant.executives) {
    e.role = 'executive';
    e.token = (await api.login(e.email, e.password)).token;
    people[e.name.split(' ')[0]] = e;
  }
  // On time (time score 10): Erin 0.4·9 + 4 + 0.2·8 = 9.2; Sam 0.4·6 + 4 + 0.2·5 = 7.4; Kim nothing scored.
  await scoredTask(people.Erin, 9, 8, 'Key account plan');
  await scoredTask(people.Sam, 6, 5, 'Territory review');
});
after(async () => {
  await browsers.closeAll();
  await app?.stop();
});

test("the executive's Company Leaderboard shows the ranking, '(You)' and 'My Current Position'", { skip }, async () => {
  const exec = await signInAs(people.Sam, '/executive/leaderboard', 'Company Leaderboard');
  for (const label of ['Period Type', 'Year', 'Month']) await exec.getByLabel(label, { exact: true }).waitFor();
  assert.equal(await exec.getByLabel('Period Type').inputValue(), 'monthly');
  assert.equal(await exec.getByLabel('Year', { exact: true }).inputValue(), String(now.getFullYear()));
  assert.equal(await exec.getByLabel('Month', { exact: true }).inputValue(), String(now.getMonth() + 1));
  const years = await exec.getByLabel('Year', { exact: true }).locator('option').allTextContents();
  assert.deepEqual(years, [0, 1, 2, 3, 4].map((i) => String(now.getFullYear() - i)));

  const position = section(exec, 'My Current Position');
  await position.getByText('Rank #2 of 3 executives').waitFor();
  await position.getByText('7.4', { exact: true }).waitFor();
  await exec.getByRole('heading', { name: `${monthLabel} Leaderboard` }).waitFor();
  await exec.getByText('2 executives ranked').waitFor();

  const list = exec.getByRole('list', { name: 'Top 10 Executives' });
  assert.deepEqual(await rowNames(list), ['Erin Exec', 'Sam Seller (You)']);
  const first = list.locator(':scope > li').nth(0);
  await first.getByText('🥇').waitFor();
  assert.deepEqual(await first.locator('dd').allTextContents(), ['9.2', '1', '9.2']);
  assert.deepEqual(await first.locator('dt').allTextContents(), ['Total Score', 'Tasks', 'Avg Score']);
  await first.getByText('Excellent').waitFor();
  // Per-task badges (first task, early bird) show as icons.
  await first.getByRole('img', { name: /^Badges: .*🎯/ }).waitFor();
  const mine = list.locator(':scope > li').nth(1);
  assert.equal(await mine.getAttribute('aria-current'), 'true');
  await mine.getByText('🥈').waitFor();
  await mine.getByText('Satisfactory').waitFor();
  // Not beyond the top 10: no separate 'Your Position' card.
  assert.equal(await section(exec, 'Your Position').count(), 0);
  await exec.screenshot({ path: `${SHOTS}/lb-executive-company-leaderboard.png`, fullPage: true });

  // Yearly: no month selector, a year heading. An empty year: the product's empty state.
  await exec.getByLabel('Period Type').selectOption('yearly');
  await exec.getByRole('heading', { name: `${now.getFullYear()} Leaderboard` }).waitFor();
  assert.equal(await exec.getByLabel('Month', { exact: true }).count(), 0);
  assert.deepEqual(await rowNames(list), ['Erin Exec', 'Sam Seller (You)']);
  await exec.getByLabel('Year', { exact: true }).selectOption(String(now.getFullYear() - 3));
  await exec.getByText('No leaderboard data').waitFor();
  await exec.getByText('Leaderboard will be available once rankings are generated.').waitFor();
  await exec.getByText('0 executives ranked').waitFor();
  assert.equal(await section(exec, 'My Current Position').count(), 0);

  // Kim has nothing scored: no position card, no '(You)'.
  const kim = await signInAs(people.Kim, '/executive/leaderboard', 'Company Leaderboard');
  await kim.getByRole('heading', { name: `${monthLabel} Leaderboard` }).waitFor();
  await kim.getByRole('list', { name: 'Top 10 Executives' }).waitFor();
  assert.equal(await section(kim, 'My Current Position').count(), 0);
  assert.equal(await kim.getByText('(You)').count(), 0);
});

test('the admin publishes the month in the UI, and a new score reorders both screens live', { skip }, async () => {
  const exec = await signInAs(people.Sam, '/executive/leaderboard', 'Company Leaderboard');
  await exec.getByLabel('Period Type').selectOption('monthly');
  await exec.getByLabel('Year', { exact: true }).selectOption(String(now.getFullYear()));
  // This reader prefers reduced motion: rows change place without sliding.
  await exec.emulateMedia({ reducedMotion: 'reduce' });
  await recordAnimations(exec);
  const execList = exec.getByRole('list', { name: 'Top 10 Executives' });
  await execList.waitFor();
  assert.deepEqual(await rowNames(execList), ['Erin Exec', 'Sam Seller (You)']);
  const execNavigations = trackNavigations(exec);

  const admin = await signInAs(tenant.admin, '/admin/leaderboards', 'Leaderboards');
  await recordAnimations(admin);
  await admin.getByRole('heading', { name: `${monthLabel} Leaderboard` }).waitFor();
  await admin.getByText('Not published').waitFor();
  const adminList = admin.getByRole('list', { name: 'Top 10 Executives' });
  assert.deepEqual(await rowNames(adminList), ['Erin Exec', 'Sam Seller']);
  const adminNavigations = trackNavigations(admin);

  await admin.getByRole('button', { name: 'Generate Leaderboard' }).click();
  // A toast under the pointer stays (hover pauses it) and would cover the header buttons.
  await admin.mouse.move(600, 700);
  await admin.getByText('Leaderboard generated successfully').waitFor();
  await admin.getByText(/^Published [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/).waitFor();
  // Publishing awards the period badges: the podium badge shows in the rows.
  await adminList.locator(':scope > li').nth(1).getByRole('img', { name: /🥉/ }).waitFor({ timeout: 5000 });

  // The admin scores another of Sam's tasks: 0.4·8 + 4 + 0.2·8 = 8.8, so Sam leads with 16.2.
  await scoredTask(people.Sam, 8, 8, 'Pricing study');
  await execList.locator(':scope > li').first().getByText('Sam Seller').waitFor({ timeout: 5000 });
  assert.deepEqual(await rowNames(execList), ['Sam Seller (You)', 'Erin Exec']);
  await section(exec, 'My Current Position').getByText('Rank #1 of 3 executives').waitFor();
  await section(exec, 'My Current Position').getByText('16.2', { exact: true }).waitFor();
  await adminList.locator(':scope > li').first().getByText('Sam Seller').waitFor({ timeout: 5000 });
  assert.deepEqual(await rowNames(adminList), ['Sam Seller', 'Erin Exec']);
  await adminList.locator(':scope > li').first().getByText('16.2', { exact: true }).waitFor();
  assert.deepEqual(execNavigations, []);
  assert.deepEqual(adminNavigations, []);
  // The admin's rows slid to their new places and glowed; the reduced-motion reader's only glowed.
  const adminAnimations = await admin.evaluate(() => window.__animations);
  assert.ok(adminAnimations.includes('transform') && adminAnimations.includes('boxShadow'), `admin: ${adminAnimations}`);
  const execAnimations = await exec.evaluate(() => window.__animations);
  assert.ok(execAnimations.includes('boxShadow') && !execAnimations.includes('transform'), `reduced motion: ${execAnimations}`);
  await admin.waitForTimeout(1600);
  await admin.screenshot({ path: `${SHOTS}/lb-admin-leaderboards.png`, fullPage: true });
  await exec.screenshot({ path: `${SHOTS}/lb-executive-live.png`, fullPage: true });

  // The CSV download carries the bearer token and saves a file.
  const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Download CSV' }).click()]);
  assert.equal(download.suggestedFilename(), `leaderboard-${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}.csv`);
  const { readFile } = await import('node:fs/promises');
  const csv = await readFile(await download.path(), 'utf8');
  assert.match(csv, /^# Monthly leaderboard /);
  assert.match(csv, /rank,name,department,totalScore,tasksCompleted,averageScore,performanceLevel\r\n1,Sam Seller,Marketing,16.2,2,8.1,excellent\r\n2,Erin Exec,Sales,9.2,1,9.2,excellent/);

  // A future month cannot be published yet.
  if (now.getMonth() < 11) {
    await admin.getByLabel('Month', { exact: true }).selectOption(String(now.getMonth() + 2));
    // The hint and the disabled button come in the same render: once the hint shows, the button is read.
    await admin.getByText('This period has not started yet.').waitFor();
    assert.equal(await admin.getByRole('button', { name: 'Generate Leaderboard' }).isDisabled(), true);
    await admin.getByText('No leaderboard data').waitFor();
  }
});

test('the Performance Dashboard shows the tiles, both charts, the top 10 and the metrics, and follows new scores', { skip }, async () => {
  // A third task of Sam's, not done yet: 2 of 3 completed.
  const open = await openTask(people.Sam, 'Quarterly forecast');
  const stats = await api.get(`/kpi/executive/${people.Sam._id}`, people.Sam.token);
  const exec = await signInAs(people.Sam, '/executive/performance', 'Performance Dashboard');
  const navigations = trackNavigations(exec);
  assert.equal(await exec.getByLabel('Year', { exact: true }).inputValue(), String(now.getFullYear()));
  assert.equal(await exec.getByLabel('Month', { exact: true }).inputValue(), String(now.getMonth() + 1));
  assert.equal(await exec.getByLabel('Period Type').count(), 0);

  // Sam: (7.4 + 8.8) / 2 = 8.1 on average; first of three; 2 of 3 tasks completed.
  await tileValue(exec, 'Average Score').getByText('8.1', { exact: true }).waitFor();
  assert.equal(await tileValue(exec, 'Current Rank').textContent(), '#1 of 3');
  assert.equal(await tileValue(exec, 'Completion Rate').textContent(), '67%');
  assert.equal(await tileValue(exec, 'Badges Earned').textContent(), String(stats.badges));
  assert.ok(stats.badges >= 3, `first task, early bird and podium at least: ${stats.badges}`);
  await exec.getByText('Based on your overall performance metrics').waitFor();
  await exec.getByText('Excellent', { exact: true }).first().waitFor();

  // Both charts render (the chart chunk loads lazily), 300 px high.
  for (const title of ['Monthly Performance Trend', 'Score Breakdown']) {
    const figure = exec.getByRole('figure', { name: title });
    await figure.locator('.apexcharts-canvas svg').first().waitFor({ timeout: 10_000 });
    // The svg is in before apexcharts has finished drawing and sizing it: read the parts once they are drawn.
    await eventually(() => figure.locator('.apexcharts-canvas').first().evaluate((el) => el.getBoundingClientRect().height), (height) => Math.abs(height - 300) <= 2, {
      message: `${title} is 300px high`,
    });
  }
  const trend = exec.getByRole('figure', { name: 'Monthly Performance Trend' });
  await eventually(() => trend.locator('.apexcharts-xaxis-label tspan').allTextContents(), (l) => l.length === 12 && l.at(-1) === MONTHS[now.getMonth()].slice(0, 3), {
    message: 'the trend has 12 month labels, this month last',
  });
  const breakdown = exec.getByRole('figure', { name: 'Score Breakdown' });
  await settlesTo(() => breakdown.locator('.apexcharts-xaxis-label tspan').allTextContents(), ['Quality', 'Time', 'Initiative']);
  await eventually(
    () => breakdown.locator('.apexcharts-yaxis-label tspan').allTextContents(),
    (yLabels) => yLabels.includes('0') && yLabels.includes('10') && !yLabels.some((l) => Number(l) > 10),
    { message: 'the breakdown y axis runs 0-10' },
  );

  const top = section(exec, 'Company Leaderboard - Top 10');
  const position = section(exec, 'Your Position');
  await position.getByText('Sam Seller').waitFor();
  await position.getByText('Marketing').waitFor();
  await position.getByText('16.2', { exact: true }).waitFor();
  await position.getByText('🥇').waitFor();
  const list = top.getByRole('list', { name: 'Company Leaderboard - Top 10' });
  assert.deepEqual(await rowNames(list), ['Sam Seller (You)', 'Erin Exec']);

  // Detailed metrics: quality (6 + 8) / 2, time 10, initiative (5 + 8) / 2.
  const metrics = section(exec, 'Detailed Performance Metrics');
  for (const [label, hint, value] of [
    ['Quality Score', 'Average quality of work delivered', '7.0/10'],
    ['Time Score', 'Timeliness of task completion', '10.0/10'],
    ['Initiative Score', 'Proactiveness and innovation', '6.5/10'],
  ]) {
    const item = metrics.getByRole('group', { name: label });
    await item.getByText(hint).waitFor();
    await item.getByText(value, { exact: true }).waitFor();
  }
  // Let the charts finish drawing for the picture.
  await exec.waitForTimeout(1500);
  await exec.screenshot({ path: `${SHOTS}/lb-executive-performance.png`, fullPage: true });

  // The open task is scored: the dashboard refetches quietly (3 of 3; (7.4 + 8.8 + 7.4) / 3 = 7.9).
  await api.put(`/tasks/${open._id}/submit`, people.Sam.token, { content: 'Forecast attached.' });
  await api.put(`/tasks/${open._id}/score`, adminToken, { qualityScore: 6, initiativeScore: 5, feedback: 'Fine.' });
  await tileValue(exec, 'Completion Rate').getByText('100%', { exact: true }).waitFor({ timeout: 5000 });
  await tileValue(exec, 'Average Score').getByText('7.9', { exact: true }).waitFor();
  assert.deepEqual(navigations, []);

  // Another month: unranked there, the product's empty state.
  const previous = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  await exec.getByLabel('Year', { exact: true }).selectOption(String(previous.getFullYear()));
  await exec.getByLabel('Month', { exact: true }).selectOption(String(previous.getMonth() + 1));
  await tileValue(exec, 'Current Rank').getByText('—', { exact: true }).waitFor();
  await top.getByText('No leaderboard data').waitFor();
  await top.getByText('Complete some tasks to see your ranking.').waitFor();
  assert.equal(await section(exec, 'Your Position').count(), 0);
});

test("an executive ranked beyond the top 10 gets a separate 'Your Position' card", { skip }, async () => {
  const names = ['Ava', 'Ben', 'Cai', 'Dan', 'Eve', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jon', 'Kai'].map((n) => `${n} Rank`);
  const big = await seedTenant(app.url, { company: 'Eleven Browser Co', executives: names });
  const bigAdmin = (await api.login(big.admin.email, big.admin.password)).token;
  // Quality falls by 0.5 a person, so the order is the order of the names.
  for (const [i, e] of big.executives.entries()) {
    const task = await api.post('/tasks', bigAdmin, { title: `Work ${i}`, description: 'Arranged', assignedTo: e._id, deadline: inDays(5).toISOString(), priority: 'low', reportLink: 'https://reports.example.com/x' });
    await api.put(`/tasks/${task._id}/submit`, (await api.login(e.email, e.password)).token, { content: 'Done.' });
    await api.put(`/tasks/${task._id}/score`, bigAdmin, { qualityScore: 10 - i * 0.5, initiativeScore: 5, feedback: 'Arranged' });
  }
  const last = { ...big.executives[10], role: 'executive' };
  const exec = await signInAs(last, '/executive/leaderboard', 'Company Leaderboard');
  await section(exec, 'My Current Position').getByText('Rank #11 of 11 executives').waitFor();
  await exec.getByText('11 executives ranked').waitFor();
  const list = exec.getByRole('list', { name: 'Top 10 Executives' });
  assert.deepEqual(await rowNames(list), names.slice(0, 10));
  const own = section(exec, 'Your Position');
  await own.getByText('Kai Rank (You)').waitFor();
  await own.getByText('#11').waitFor();
  await exec.screenshot({ path: `${SHOTS}/lb-executive-beyond-top10.png`, fullPage: true });

  // The screen loads the ranking page by page: the top 10 first, the next page on "Show more" (read by the
  // browser from the server, not cut from a whole ranking), then no more button.
  const pages = [];
  exec.on('request', (r) => r.url().includes('/api/leaderboard/monthly/') && pages.push(new URL(r.url()).searchParams));
  await exec.getByRole('button', { name: 'Show more' }).click();
  await settlesTo(() => rowNames(list), [...names.slice(0, 10), 'Kai Rank (You)']);
  assert.ok(pages.some((p) => p.get('cursor')), 'the next page is asked for with the cursor of the first');
  await exec.getByRole('button', { name: 'Show more' }).waitFor({ state: 'detached' });
  await exec.screenshot({ path: `${SHOTS}/lb-executive-show-more.png`, fullPage: true });

  // The admin's Leaderboards page the same way.
  const admin = await signInAs({ ...big.admin, role: 'admin' }, '/admin/leaderboards', 'Leaderboards');
  const adminList = admin.getByRole('list', { name: 'Top 10 Executives' });
  await admin.getByText('11 executives ranked').waitFor();
  assert.deepEqual(await rowNames(adminList), names.slice(0, 10));
  await admin.getByRole('button', { name: 'Show more' }).click();
  await settlesTo(() => rowNames(adminList), names);

  // The tenth sees no separate card: they are in the list.
  const tenth = await signInAs({ ...big.executives[9], role: 'executive' }, '/executive/leaderboard', 'Company Leaderboard');
  await tenth.getByRole('list', { name: 'Top 10 Executives' }).getByText('Jon Rank (You)').waitFor();
  assert.equal(await section(tenth, 'Your Position').count(), 0);
});

test('fetch failures show the toasts of the product: the server message or the fallback, and the list is cleared', { skip }, async () => {
  const exec = await signInAs(people.Erin, '/executive/leaderboard', 'Company Leaderboard');
  await exec.getByRole('list', { name: 'Top 10 Executives' }).waitFor();
  await exec.route('**/api/leaderboard/yearly/**', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"statusCode":503,"message":"Rankings are being rebuilt"}' }),
  );
  await exec.getByLabel('Period Type').selectOption('yearly');
  await exec.getByText('Rankings are being rebuilt').waitFor();
  await exec.getByText('No leaderboard data').waitFor();
  assert.equal(await exec.getByRole('list', { name: 'Top 10 Executives' }).count(), 0);
  await exec.route('**/api/leaderboard/monthly/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await exec.getByLabel('Period Type').selectOption('monthly');
  await exec.getByText('Failed to fetch leaderboard').waitFor();
  await exec.unroute('**/api/leaderboard/**');

  await exec.route('**/api/kpi/executive/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await exec.getByRole('link', { name: 'Performance' }).click();
  await exec.getByText('Failed to fetch performance data').first().waitFor();
  await exec.unroute('**/api/kpi/executive/**');
  await exec.getByRole('button', { name: 'Try Again' }).click();
  await exec.getByRole('group', { name: 'Average Score' }).waitFor();

  // docs/product.md#validation-messages: without a company id the dashboard's leaderboard cannot load: an error and the generic toast.
  const orphan = await person();
  await orphan.route('**/api/auth/verify', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, user: { ...body.user, company: null, companyName: null } } });
  });
  await orphan.route('**/api/auth/login', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, user: { ...body.user, company: null, companyName: null } } });
  });
  let top10Asked = false;
  await orphan.route('**/api/leaderboard/top10/**', (route) => {
    top10Asked = true;
    return route.continue();
  });
  await signIn(orphan, app.url, people.Erin.email, people.Erin.password);
  await orphan.waitForURL((url) => url.pathname.startsWith('/executive'));
  await orphan.goto(`${app.url}/executive/performance`);
  await orphan.getByText('Failed to fetch performance data').first().waitFor();
  assert.equal(top10Asked, false);
});

test('both executive screens and the admin screen work at phone width and by keyboard', { skip }, async () => {
  const exec = await signInAs(people.Sam, '/executive/leaderboard', 'Company Leaderboard');
  await exec.setViewportSize({ width: 390, height: 844 });
  await exec.getByRole('list', { name: 'Top 10 Executives' }).waitFor();
  const width = await exec.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `Company Leaderboard scrolls sideways: ${width}px`);
  await exec.screenshot({ path: `${SHOTS}/lb-executive-leaderboard-phone.png`, fullPage: true });

  await exec.getByRole('link', { name: 'Performance' }).click();
  await exec.getByRole('figure', { name: 'Score Breakdown' }).locator('.apexcharts-canvas').waitFor({ timeout: 10_000 });
  await exec.waitForTimeout(500);
  const perfWidth = await exec.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(perfWidth <= 390, `Performance Dashboard scrolls sideways: ${perfWidth}px`);
  await exec.screenshot({ path: `${SHOTS}/lb-executive-performance-phone.png`, fullPage: true });

  const admin = await signInAs(tenant.admin, '/admin/leaderboards', 'Leaderboards');
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.getByRole('list', { name: 'Top 10 Executives' }).waitFor();
  const adminWidth = await admin.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(adminWidth <= 390, `Leaderboards scrolls sideways: ${adminWidth}px`);
  await admin.screenshot({ path: `${SHOTS}/lb-admin-leaderboards-phone.png`, fullPage: true });

  // Keyboard: from the sidebar, Tab reaches the selects and the buttons; a select changes with the arrow keys.
  await admin.setViewportSize({ width: 1280, height: 860 });
  await admin.getByRole('link', { name: 'Leaderboards' }).focus();
  const reached = new Set();
  for (let i = 0; i < 25; i++) {
    await admin.keyboard.press('Tab');
    reached.add(await admin.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.labels?.[0]?.textContent ?? document.activeElement?.textContent?.trim()));
  }
  for (const name of ['Download CSV', 'Generate Leaderboard', 'Period Type', 'Year', 'Month']) assert.ok(reached.has(name), `Tab never reached ${name}: ${[...reached]}`);
});

test('the sign-in page does not load the chart library; the Performance Dashboard does', { skip }, async () => {
  const chartChunks = readdirSync(ASSETS).filter((f) => /^Chart-.*\.js$/.test(f));
  assert.equal(chartChunks.length, 1, `one chart chunk in web/dist/assets: ${chartChunks}`);
  const page = await person();
  const scripts = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await page.goto(`${app.url}/login`);
  await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
  assert.ok(scripts.length > 0, 'the sign-in page loads its scripts');
  const charty = scripts.filter((s) => /chart|apex/i.test(s));
  assert.deepEqual(charty, [], `the sign-in page loaded: ${charty}`);

  // The same collection sees the chunk once the dashboard needs it, so the check above would catch it.
  await page.getByLabel('Email').fill(people.Erin.email);
  await page.getByLabel('Password', { exact: true }).fill(people.Erin.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/executive'));
  // Read once My Profile is on screen (its code loaded and rendered), so the check covers the screen itself.
  await page.getByRole('heading', { name: 'My Profile' }).first().waitFor();
  assert.deepEqual(scripts.filter((s) => /chart|apex/i.test(s)), [], 'My Profile needs no charts either');
  await page.goto(`${app.url}/executive/performance`);
  await page.getByRole('figure', { name: 'Monthly Performance Trend' }).locator('.apexcharts-canvas').waitFor({ timeout: 10_000 });
  assert.ok(scripts.some((s) => s.endsWith(`/assets/${chartChunks[0]}`)), `chart chunk requested: ${scripts}`);
});
