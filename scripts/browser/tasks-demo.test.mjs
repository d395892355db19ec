// The task screens on the demo data (a year of tasks in every state): counters agree with the API, the long
// list pages, and the screens render realistic content. Run after `npm run build`:
//   node --test scripts/browser/tasks-demo.test.mjs
// The admin screenshot goes to /tmp/shots; to refresh the README's: KPI_SCREENSHOT=docs/screenshots/admin-tasks.png
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { browserPool, browserSkipReason, eventually, restClient, signIn, startDemoApp } from './harness.mjs';

const ADMIN = { email: 'olivia.bennett@northwind.demo', get password() { return app.demoPassword; } };
const EXECUTIVE = { email: 'james.carter@northwind.demo', get password() { return app.demoPassword; } };
const SCREENSHOT = process.env.KPI_SCREENSHOT ?? '/tmp/shots/tasks-demo-admin.png';
const skip = browserSkipReason();
let app;
const browsers = browserPool();
const person = async () => (await browsers.person()).page;
const tileValue = async (page, label) => Number(await page.getByRole('group', { name: label, exact: true }).locator('p').nth(1).textContent());
/** Waits until `locator` matches `n` elements (lists fill asynchronously, page by page). */
async function countIs(locator, n, timeout = 10_000) {
  const end = Date.now() + timeout;
  while ((await locator.count()) !== n) {
    if (Date.now() > end) assert.equal(await locator.count(), n);
    await new Promise((r) => setTimeout(r, 50));
  }
}
/**
 * Clicks "Load more" until the last page is in (docs/paging.md). A page has landed once `cards` has grown: the
 * list and the button (gone after the last page) change in the same render, so the button is looked at then.
 */
async function loadAll(page, cards) {
  const more = page.getByRole('button', { name: 'Load more' });
  while (await more.isVisible()) {
    const before = await cards.count();
    await more.click();
    await eventually(() => cards.count(), (n) => n > before, { message: `Load more adds to the ${before} cards` });
  }
}

before(async () => {
  if (skip) return;
  mkdirSync('/tmp/shots', { recursive: true });
  app = await startDemoApp();
});
after(async () => {
  await browsers.closeAll();
  await app?.stop();
});

test("the admin's Task Management shows the demo company's tasks, counters and review banner", { skip }, async () => {
  const api = restClient(app.url);
  const { token } = await api.login(ADMIN.email, ADMIN.password);
  // The counters come from the server's SQL (GET /tasks/summary), never from counting a page.
  const { pendingReview, completed, total } = await api.get('/tasks/summary', token);
  assert.ok(pendingReview > 0 && completed > 0 && total > 50, 'the demo has a year of tasks in every state');

  const page = await person();
  await signIn(page, app.url, ADMIN.email, ADMIN.password);
  await page.waitForURL(`${app.url}/admin/executives`);
  await page.goto(`${app.url}/admin/tasks`);
  await page.getByRole('group', { name: 'Pending Review', exact: true }).waitFor();
  assert.equal(await tileValue(page, 'Pending Review'), pendingReview);
  assert.equal(await tileValue(page, 'Completed'), completed);
  assert.equal(await tileValue(page, 'Total Tasks'), total);
  await page.getByText(`${pendingReview} ${pendingReview === 1 ? 'task' : 'tasks'} awaiting your review`).waitFor();

  // A year of work is paged by the server: one page of 50 cards, then "Load more" asks for the next.
  const cards = page.getByRole('list', { name: 'Tasks' }).locator(':scope > li');
  await countIs(cards, 50);
  await page.getByRole('button', { name: 'Load more' }).click();
  await countIs(cards, Math.min(100, total));

  // A filter chip shows the server's count and asks the server for just those tasks.
  await page.getByRole('button', { name: `Pending Review ${pendingReview}` }).click();
  await countIs(cards, Math.min(50, pendingReview));
  await page.getByRole('button', { name: /^All/ }).click();
  await countIs(cards, 50);

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.mouse.move(0, 0);
  // Let the sign-in toast fade so the header is clean in the picture.
  await page.getByText('Login successful!').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
  // Scoring in progress on the first submission: the live preview shows the time score and total.
  const panel = page.getByRole('form', { name: /^Score / }).first();
  await panel.getByLabel('Quality Score (0-10)').fill('8.5');
  await panel.getByLabel('Initiative Score (0-10)').fill('7');
  await panel.getByLabel('Feedback').fill('Sharp summary, and the follow-up actions are concrete.');
  await panel.getByText(/Total: \d+\.\d\/10/).waitFor();
  await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
  mkdirSync(dirname(SCREENSHOT), { recursive: true });
  await page.setViewportSize({ width: 1280, height: 1160 });
  await page.screenshot({ path: SCREENSHOT });
  assert.ok(statSync(SCREENSHOT).size < 300_000, 'screenshot stays under 300 kB');
});

test("an executive's My Tasks shows the demo tasks with tiles that add up", { skip }, async () => {
  const page = await person();
  await signIn(page, app.url, EXECUTIVE.email, EXECUTIVE.password);
  await page.waitForURL(`${app.url}/executive/profile`);
  await page.goto(`${app.url}/executive/tasks`);
  await page.getByRole('group', { name: 'Total Tasks', exact: true }).waitFor();
  const total = await tileValue(page, 'Total Tasks');
  const cards = page.getByRole('list', { name: 'My tasks' }).locator(':scope > li');
  await cards.first().waitFor();
  await loadAll(page, cards);
  await countIs(cards, total);
  const submitted = await page.getByText('Submitted', { exact: true }).count();
  // Pending counts pending and in-progress work, past its deadline too (so it includes Overdue).
  const sum = (await tileValue(page, 'Completed')) + (await tileValue(page, 'Pending')) + submitted;
  assert.equal(sum, total, 'every task is completed, pending (overdue included) or awaiting review');
  assert.ok((await tileValue(page, 'Overdue')) <= (await tileValue(page, 'Pending')));
  assert.ok((await page.getByRole('region', { name: 'Performance Score' }).count()) > 0);
  await page.screenshot({ path: '/tmp/shots/tasks-demo-executive.png' });
});
