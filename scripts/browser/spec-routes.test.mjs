// Browser tests for the product's routes to the letter (issue 29, docs/product.md#routes): every sidebar tab answers at /{area}/{tab}, the first included,
// and is marked current there; the Company Leaderboard's position cards read the board on screen (a published
// snapshot or the live ranking) and say which; a re-scored task's History shows each figure before → after.
// Run after `npm run build`: node --test scripts/browser/spec-routes.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { axeViolations } from './axe.mjs';
import { SUPERADMIN, browserPool, browserSkipReason, restClient, seedTenant, settlesTo, signIn, startApp } from './harness.mjs';

const skip = browserSkipReason();
const SHOTS = process.env.SHOTS_DIR ?? join(tmpdir(), 'shots');
let app;
let api;
let tenant;
let adminToken;
const browsers = browserPool();
const inDays = (days) => new Date(Date.now() + days * 86_400_000).toISOString();
const now = new Date();
const year = now.getUTCFullYear();
const month = now.getUTCMonth() + 1;
/** Eleven executives: ten who rank above Lou when the month is published, and Lou, eleventh. */
const NAMES = ['Ann', 'Ben', 'Cal', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jon'].map((n) => `${n} Ranked`);
const LOU = 'Lou Eleventh';

/** Each area's tabs in sidebar order: label, path and the heading of its screen. */
const AREAS = {
  superadmin: {
    title: 'Superadmin Dashboard',
    tabs: [
      ['Companies', 'companies', 'Company Management'],
      ['Admins', 'admins', 'Admin Management'],
      ['Statistics', 'stats', 'Overall System Statistics'],
      ['Integrations', 'integrations', 'Integrations'],
      ['Audit', 'audit', 'Audit'],
      ['Mailbox', 'mailbox', 'Developer Mailbox'],
    ],
  },
  admin: {
    title: 'Admin Dashboard',
    tabs: [
      ['Executives', 'executives', 'Executive Management'],
      ['Tasks', 'tasks', 'Task Management'],
      ['Leaderboards', 'leaderboards', 'Leaderboards'],
      ['Announcements', 'announcements', 'Announcements'],
      ['Statistics', 'stats', 'Company Statistics'],
      ['Integrations', 'integrations', 'Integrations'],
      ['Security', 'security', 'Security Settings'],
      ['Audit', 'audit', 'Audit'],
    ],
  },
  executive: {
    title: 'Executive Dashboard',
    tabs: [
      ['My Profile', 'profile', 'My Profile'],
      ['My Tasks', 'tasks', 'My Tasks'],
      ['Performance', 'performance', 'Performance Dashboard'],
      ['Leaderboard', 'leaderboard', 'Company Leaderboard'],
      ['Announcements', 'announcements', 'Company Announcements'],
    ],
  },
};

let n = 0;
/** Created, submitted on time and scored: total = 0.4·quality + 4 + 0.2·initiative. */
async function scoredTask(who, quality, initiative, { title = `Task ${++n}`, feedback = 'Scored by the test.' } = {}) {
  const task = await api.post('/tasks', adminToken, { title, description: `${title}: arranged by the routes test`, assignedTo: who._id, deadline: inDays(5), priority: 'medium', reportLink: 'https://reports.example.com/routes' });
  await api.put(`/tasks/${task._id}/submit`, who.token, { content: 'Done.' });
  return api.put(`/tasks/${task._id}/score`, adminToken, { qualityScore: quality, initiativeScore: initiative, feedback });
}

async function signInAs(email, password, area) {
  const { page } = await browsers.person();
  await signIn(page, app.url, email, password);
  await page.waitForURL((url) => url.pathname.startsWith(`/${area}/`));
  return page;
}

/** The sidebar's links as [label, href, aria-current]. */
const sidebar = (page, title) =>
  page.getByRole('navigation', { name: `${title} sections` }).getByRole('link').evaluateAll((links) => links.map((a) => [a.textContent.trim(), a.getAttribute('href'), a.getAttribute('aria-current')]));

before(async () => {
  if (skip) return;
  app = await startApp();
  api = restClient(app.url);
  tenant = await seedTenant(app.url, { company: 'Routes Browser Co', executives: [...NAMES, LOU] });
  adminToken = (await api.login(tenant.admin.email, tenant.admin.password)).token;
  for (const e of tenant.executives) e.token = (await api.login(e.email, e.password)).token;
  mkdirSync(SHOTS, { recursive: true });
});

after(async () => {
  await browsers.closeAll();
  await app?.stop();
});

test('every sidebar tab, the first included, links to /{area}/{tab} and is the one marked current there', { skip }, async () => {
  const people = { superadmin: SUPERADMIN, admin: tenant.admin, executive: tenant.executives[0] };
  for (const [area, { title, tabs }] of Object.entries(AREAS)) {
    const page = await signInAs(people[area].email, people[area].password, area);
    // Signing in lands on /{area}, which redirects to the first tab.
    await page.waitForURL(`${app.url}/${area}/${tabs[0][1]}`);
    for (const [label, path, heading] of tabs) {
      await page.getByRole('navigation', { name: `${title} sections` }).getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL(`${app.url}/${area}/${path}`);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await settlesTo(
        () => sidebar(page, title),
        tabs.map(([l, p]) => [l, `/${area}/${p}`, p === path ? 'page' : null]),
        `${area}: every link is /${area}/{tab}, and only ${label} is current on /${area}/${path}`,
      );
    }
    // The bare area and an unknown tab both land on the first tab, marked current.
    for (const from of [`/${area}`, `/${area}/no-such-tab`]) {
      await page.goto(`${app.url}${from}`);
      await page.waitForURL(`${app.url}/${area}/${tabs[0][1]}`);
      await page.getByRole('heading', { name: tabs[0][2], exact: true }).waitFor();
      await settlesTo(async () => (await sidebar(page, title)).filter(([, , current]) => current === 'page').map(([label]) => label), [tabs[0][0]], `${from} marks ${tabs[0][0]} current`);
    }
  }
});

test("a published month's position cards read the snapshot on screen, and say so; Live reads the live ranking", { skip }, async () => {
  const lou = tenant.executives.find((e) => e.name === LOU);
  for (const [i, exec] of tenant.executives.entries()) {
    if (exec === lou) await scoredTask(exec, 0, 0); // 4.0: eleventh
    else await scoredTask(exec, 10 - i * 0.5, 5); // 9.0 down to 7.2
  }
  await api.post('/leaderboard/generate', adminToken, { type: 'monthly', year, month });
  await scoredTask(lou, 10, 10); // 4.0 + 10.0: first on the live board, still eleventh on the published one
  const snapshot = await api.get(`/leaderboard/published/monthly/${year}/${month}`, lou.token);
  const live = await api.get(`/leaderboard/monthly/${year}/${month}`, lou.token);
  const publishedLou = snapshot.entries.find((e) => e.user._id === lou._id);
  const liveLou = live.entries.find((e) => e.user._id === lou._id);
  assert.equal(publishedLou.rank, 11);
  assert.equal(liveLou.rank, 1);

  const page = await signInAs(lou.email, lou.password, 'executive');
  await page.goto(`${app.url}/executive/leaderboard`);
  const myPosition = page.getByRole('region', { name: 'My Current Position' });
  const yourPosition = page.getByRole('region', { name: 'Your Position' });
  const toggle = page.getByRole('group', { name: 'Leaderboard view' });
  // The month in progress opens live: the card says so and reads the live board.
  await toggle.waitFor();
  assert.equal(await toggle.getByRole('button', { name: 'Live' }).getAttribute('aria-pressed'), 'true');
  await myPosition.getByText('Live ranking', { exact: true }).waitFor();
  await myPosition.getByText(`Rank #1 of ${live.totalExecutives} executives`, { exact: true }).waitFor();
  await myPosition.getByText(liveLou.totalScore.toFixed(1), { exact: true }).waitFor();
  assert.equal(await yourPosition.count(), 0, 'first on the live board: no Your Position card below the top 10');

  await toggle.getByRole('button', { name: 'Published' }).click();
  const list = page.getByRole('list', { name: 'Published ranking' });
  await list.waitFor();
  const listed = await list.locator(':scope > li').evaluateAll((rows) => rows.map((r) => r.querySelector('p')?.textContent?.trim()));
  assert.deepEqual(listed, snapshot.entries.slice(0, 10).map((e) => e.user.name), 'the list is the snapshot');
  // Both cards now read the snapshot the list shows, and carry its stamp.
  const stamp = /^Published on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/;
  await myPosition.getByText(stamp).waitFor();
  await myPosition.getByText(`Rank #11 of ${snapshot.totalExecutives} executives`, { exact: true }).waitFor();
  await myPosition.getByText(publishedLou.totalScore.toFixed(1), { exact: true }).waitFor();
  assert.equal(await myPosition.getByText('Live ranking').count(), 0);
  await yourPosition.waitFor();
  await yourPosition.getByText(stamp).waitFor();
  const row = yourPosition.getByRole('list', { name: 'Your Position' }).locator(':scope > li');
  await row.getByText(LOU).waitFor();
  await row.getByText('#11', { exact: true }).waitFor();
  await row.getByText(publishedLou.totalScore.toFixed(1), { exact: true }).first().waitFor();
  assert.deepEqual(await axeViolations(page), []);
  await page.screenshot({ path: join(SHOTS, 'routes-leaderboard-published.png'), fullPage: true });

  // Back to Live: the cards follow the list again.
  await toggle.getByRole('button', { name: 'Live' }).click();
  await myPosition.getByText('Live ranking', { exact: true }).waitFor();
  await myPosition.getByText(`Rank #1 of ${live.totalExecutives} executives`, { exact: true }).waitFor();
  await yourPosition.waitFor({ state: 'detached' });
  await page.screenshot({ path: join(SHOTS, 'routes-leaderboard-live.png'), fullPage: true });
});

test("a re-scored task's History shows quality, time, initiative, total and feedback before → after", { skip }, async () => {
  const kim = tenant.executives[0];
  const title = 'Quarterly pipeline review';
  const task = await scoredTask(kim, 6, 4, { title, feedback: 'Solid, but thin on risks.' }); // 2.4 + 4 + 0.8 = 7.2
  // The deadline moves before the day it was handed in: the re-score's time score becomes the late one.
  await api.put(`/tasks/${task._id}`, adminToken, { deadline: inDays(-1) });

  const page = await signInAs(tenant.admin.email, tenant.admin.password, 'admin');
  await page.goto(`${app.url}/admin/tasks`);
  const card = page.getByRole('article', { name: title, exact: true });
  await card.getByRole('button', { name: 'Re-score' }).click();
  const form = card.getByRole('form', { name: `Re-score ${title}` });
  await form.getByLabel('Quality Score (0-10)').fill('9');
  await form.getByLabel('Initiative Score (0-10)').fill('8');
  await form.getByLabel('Feedback').fill('Risks covered after the appeal.');
  await form.getByRole('button', { name: 'Update Score' }).click();
  await page.getByText('Task scored successfully').waitFor();
  await form.waitFor({ state: 'detached' });

  await card.locator('summary', { hasText: 'History' }).click();
  const history = card.getByRole('list', { name: `Score history of ${title}` });
  await history.waitFor();
  const entries = history.locator(':scope > li');
  await settlesTo(() => entries.count(), 2, 'the scoring and the re-scoring');
  /** One entry's figures as 'Label: before → after', the way a reader takes them in. */
  const figures = (entry) =>
    entry.locator('dl').first().locator(':scope > div').evaluateAll((cells) => cells.map((c) => `${c.querySelector('dt').textContent}: ${c.querySelector('dd').textContent.replace(/ +to +/, ' ')}`));
  // 0.4·9 + 0.4·8 + 0.2·8 = 8.4, late.
  assert.deepEqual(await figures(entries.nth(0)), ['Quality: 6 → 9', 'Time: 10 → 8', 'Initiative: 4 → 8']);
  await entries.nth(0).getByText(/^Re-scored by Alex Admin, /).waitFor();
  assert.match((await entries.nth(0).textContent()).replace(/\s+/g, ' '), /Total 7\.2 → to 8\.4/);
  const feedback = entries.nth(0).locator('dl').nth(1);
  assert.deepEqual(await feedback.locator('dt').allTextContents(), ['Feedback before:', 'Feedback after:']);
  assert.deepEqual(await feedback.locator('dd').allTextContents(), ['Solid, but thin on risks.', 'Risks covered after the appeal.']);
  // The first scoring had nothing before it.
  assert.deepEqual(await figures(entries.nth(1)), ['Quality: — → 6', 'Time: — → 10', 'Initiative: — → 4']);
  await entries.nth(1).getByText('Solid, but thin on risks.').waitFor();
  assert.deepEqual(await axeViolations(page), []);
  await card.screenshot({ path: join(SHOTS, 'routes-score-history.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'the open History fits a phone');
  await card.screenshot({ path: join(SHOTS, 'routes-score-history-phone.png') });
});
