// Browser tests for the task screens: Task Management (admin) and My Tasks (executive), live across browsers.
// Run after `npm run build`: node --test scripts/browser/tasks.test.mjs  (screenshots go to /tmp/shots)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { browserPool, browserSkipReason, eventually, restClient, seedTenant, signIn, startApp, toastShown, toastsPerPage, trackNavigations } from './harness.mjs';

const SHOTS = process.env.KPI_SHOTS_DIR ?? '/tmp/shots';
const skip = browserSkipReason();
let app;
let tenant;
let api;
let adminToken;
const browsers = browserPool();
const person = async () => (await browsers.person()).page;

const inDays = (days) => new Date(Date.now() + days * 86_400_000);
/** A `datetime-local` value in the browser's (and this process's) time zone. */
const localInput = (date) => {
  const pad = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

const card = (page, title) => page.locator('article', { hasText: title });
const tile = (page, label) => page.getByRole('group', { name: label, exact: true });
const expectTile = async (page, label, value) => {
  await tile(page, label).getByText(String(value), { exact: true }).waitFor({ timeout: 5000 });
};

async function signInAs(who, path) {
  const page = await person();
  await signIn(page, app.url, who.email, who.password);
  await page.waitForURL((url) => url.pathname.startsWith(who.role === 'admin' ? '/admin' : '/executive'));
  await page.goto(`${app.url}${path}`);
  await page.getByRole('heading', { name: who.role === 'admin' ? 'Task Management' : 'My Tasks' }).waitFor();
  return page;
}

const createTask = (overrides = {}) =>
  api.post('/tasks', adminToken, {
    title: `Task ${Math.random().toString(36).slice(2, 8)}`,
    description: 'Arranged by the test',
    assignedTo: tenant.executives[0]._id,
    deadline: inDays(5).toISOString(),
    priority: 'medium',
    reportLink: 'https://reports.example.com/arranged',
    ...overrides,
  });

before(async () => {
  if (skip) return;
  mkdirSync(SHOTS, { recursive: true });
  app = await startApp();
  tenant = await seedTenant(app.url, { company: 'Tasks Browser Co', executives: ['Erin Exec', 'Sam Seller'] });
  api = restClient(app.url);
  adminToken = (await api.login(tenant.admin.email, tenant.admin.password)).token;
  tenant.admin.role = 'admin';
  for (const e of tenant.executives) e.role = 'executive';
});
after(async () => {
  await browsers.closeAll();
  await app?.stop();
});

test('the admin creates a task in the UI and it appears for the executive without a reload', { skip }, async () => {
  const exec = await signInAs(tenant.executives[0], '/executive/tasks');
  await exec.getByText('No tasks assigned').waitFor();
  await exec.getByText('Tasks will appear here when assigned by your admin.').waitFor();
  const execNavigations = trackNavigations(exec);

  const admin = await signInAs(tenant.admin, '/admin/tasks');
  await admin.getByText('No tasks found').waitFor();
  await admin.getByRole('button', { name: 'Create Task' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Create Task' });
  assert.equal(await dialog.getByLabel('Priority').inputValue(), 'medium');

  // The form checks before sending, with the product's messages (docs/product.md#validation-messages).
  await dialog.getByLabel('Title').fill('Q3 pipeline review');
  await dialog.getByLabel('Description').fill('Review every open opportunity above 10k.');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await admin.getByText('Please select an executive to assign this task to').waitFor();
  await dialog.getByLabel('Assign To').selectOption({ label: 'Erin Exec — Sales' });
  await dialog.getByLabel('Deadline').fill(localInput(inDays(-1)));
  await dialog.getByText('This deadline is in the past — the task will be recorded as overdue').waitFor();
  await dialog.getByLabel('Deadline').fill(localInput(inDays(3)));
  await dialog.getByText('This deadline is in the past — the task will be recorded as overdue').waitFor({ state: 'detached' });
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await admin.getByText('Report link is required').waitFor();
  await dialog.getByLabel('Priority').selectOption('urgent');
  await dialog.getByLabel('Report Link').fill('https://reports.example.com/q3-pipeline');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await admin.getByText('Task created successfully').waitFor();
  await dialog.waitFor({ state: 'detached' });

  const adminCard = card(admin, 'Q3 pipeline review');
  await adminCard.getByText('Erin Exec').waitFor();
  await adminCard.getByText('Urgent').waitFor();
  await expectTile(admin, 'Total Tasks', 1);

  // The executive's screen never reloaded: the task came over the socket.
  const execCard = card(exec, 'Q3 pipeline review');
  await execCard.waitFor({ timeout: 5000 });
  await execCard.getByText('Review every open opportunity above 10k.').waitFor();
  await execCard.getByText('Pending', { exact: true }).waitFor();
  const link = execCard.getByRole('link', { name: 'Open Report Link' });
  assert.equal(await link.getAttribute('href'), 'https://reports.example.com/q3-pipeline');
  assert.equal(await link.getAttribute('target'), '_blank');
  assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
  await expectTile(exec, 'Total Tasks', 1);
  await expectTile(exec, 'Pending', 1);
  assert.deepEqual(execNavigations, []);

  // An edit and a deletion in the admin's UI reach the executive live as well.
  await adminCard.getByRole('button', { name: 'Edit' }).click();
  const edit = admin.getByRole('dialog', { name: 'Edit Task' });
  await edit.getByLabel('Title').fill('Q3 pipeline review (revised)');
  await edit.getByRole('button', { name: 'Update Task' }).click();
  await admin.getByText('Task updated successfully').waitFor();
  await card(exec, 'Q3 pipeline review (revised)').waitFor({ timeout: 5000 });

  let asked = '';
  admin.once('dialog', (d) => {
    asked = d.message();
    void d.accept();
  });
  await card(admin, 'Q3 pipeline review (revised)').getByRole('button', { name: 'Delete' }).click();
  await admin.getByText('Task deleted successfully').waitFor();
  assert.equal(asked, 'Are you sure you want to delete this task?');
  await card(exec, 'Q3 pipeline review (revised)').waitFor({ state: 'detached', timeout: 5000 });
  await exec.getByText('No tasks assigned').waitFor();
  assert.deepEqual(execNavigations, []);
});

test("the executive submits in the UI and the admin's counter, banner and list change without a reload", { skip }, async () => {
  const task = await createTask({ title: 'Supplier SLA audit', assignedTo: tenant.executives[1]._id, priority: 'high' });
  const admin = await signInAs(tenant.admin, '/admin/tasks');
  await card(admin, 'Supplier SLA audit').waitFor();
  await expectTile(admin, 'Pending Review', 0);
  assert.equal(await admin.getByText(/awaiting your review/).count(), 0);
  const adminNavigations = trackNavigations(admin);

  const exec = await signInAs(tenant.executives[1], '/executive/tasks');
  const execCard = card(exec, 'Supplier SLA audit');
  await execCard.getByRole('button', { name: 'Submit Task' }).click();
  const box = execCard.getByLabel('Submission', { exact: true });
  assert.equal(await box.getAttribute('rows'), '4');
  assert.equal(await box.getAttribute('placeholder'), 'Enter your task submission...');
  await box.fill('All 14 suppliers checked; 3 breaches, root causes attached.');
  await exec.screenshot({ path: `${SHOTS}/tasks-executive-submit-box.png`, fullPage: true });
  await execCard.getByRole('button', { name: 'Submit Task' }).click();
  await exec.getByText('Task submitted successfully').waitFor();
  await execCard.getByText('Your Submission').waitFor();
  await execCard.getByText('All 14 suppliers checked; 3 breaches, root causes attached.').waitFor();
  assert.equal(await execCard.getByRole('button', { name: 'Submit Task' }).count(), 0);
  assert.equal(await execCard.getByLabel('Submission', { exact: true }).count(), 0);

  // The admin's screen: counter, banner and card all move, with no navigation.
  await expectTile(admin, 'Pending Review', 1);
  await admin.getByRole('status').getByText('1 task awaiting your review').waitFor({ timeout: 5000 });
  const adminCard = card(admin, 'Supplier SLA audit');
  await adminCard.getByText('All 14 suppliers checked; 3 breaches, root causes attached.').waitFor();
  await adminCard.getByText('Submitted', { exact: true }).waitFor();
  await adminCard.getByRole('form', { name: 'Score Supplier SLA audit' }).waitFor();
  assert.deepEqual(adminNavigations, []);

  // "Review now" narrows the list to the work waiting for a score.
  await admin.getByRole('button', { name: 'Review now' }).click();
  await eventually(() => admin.getByRole('button', { name: /^Pending Review/ }).getAttribute('aria-pressed'), (pressed) => pressed === 'true', {
    message: 'Review now presses the Pending Review filter',
  });
  await adminCard.waitFor();
  await admin.screenshot({ path: `${SHOTS}/tasks-admin-pending-review.png`, fullPage: true });
  await api.del(`/tasks/${task._id}`, adminToken);
});

test('the admin scores in the UI and the executive sees the Performance Score and a toast without a reload', { skip }, async () => {
  const task = await createTask({ title: 'Win/loss analysis', deadline: inDays(4).toISOString() });
  const execToken = (await api.login(tenant.executives[0].email, tenant.executives[0].password)).token;
  await api.put(`/tasks/${task._id}/submit`, execToken, { content: 'Six interviews done, summary in the report.' });

  const exec = await signInAs(tenant.executives[0], '/executive/tasks');
  const execCard = card(exec, 'Win/loss analysis');
  await execCard.getByText('Six interviews done, summary in the report.').waitFor();
  assert.equal(await execCard.getByText('Performance Score').count(), 0);
  const execNavigations = trackNavigations(exec);

  const admin = await signInAs(tenant.admin, '/admin/tasks');
  const panel = card(admin, 'Win/loss analysis').getByRole('form', { name: 'Score Win/loss analysis' });
  await panel.getByLabel('Quality Score (0-10)').fill('8');
  await panel.getByLabel('Initiative Score (0-10)').fill('7');
  // Live preview: on time → 10; 0.4·8 + 0.4·10 + 0.2·7 = 8.6.
  await panel.getByText('Time Score: 10/10').waitFor();
  await panel.getByText('Total: 8.6/10').waitFor();
  await panel.getByLabel('Feedback').fill('Clear findings, well argued.');
  await panel.getByLabel('Comment (optional)').fill('Share this with the sales leads.');
  await panel.getByRole('button', { name: 'Submit Score' }).click();
  await admin.getByText('Task scored successfully').waitFor();
  const adminCard = card(admin, 'Win/loss analysis');
  await adminCard.getByText('Share this with the sales leads.').waitFor();
  await adminCard.getByText('Completed', { exact: true }).waitFor();
  await expectTile(admin, 'Completed', 1);

  // The executive: a toast and the Performance Score panel, live.
  await toastShown(exec, 'Your task "Win/loss analysis" was scored 8.6/10');
  const score = execCard.getByRole('region', { name: 'Performance Score' });
  await score.waitFor();
  await score.getByText('Total: 8.6/10').waitFor();
  for (const [label, value] of [['Quality', '8/10'], ['Time', '10/10'], ['Initiative', '7/10']]) {
    const cell = score.locator('div', { has: exec.getByText(label, { exact: true }) });
    await cell.getByText(value, { exact: true }).waitFor();
  }
  await score.getByText('Clear findings, well argued.').waitFor();
  await execCard.getByText('Completed', { exact: true }).waitFor();
  await expectTile(exec, 'Completed', 1);
  assert.deepEqual(execNavigations, []);
  await exec.screenshot({ path: `${SHOTS}/tasks-executive-scored.png`, fullPage: true });

  // Re-scoring a completed task starts from its figures and replaces them.
  await adminCard.getByRole('button', { name: 'Re-score' }).click();
  const rescore = adminCard.getByRole('form', { name: 'Re-score Win/loss analysis' });
  assert.equal(await rescore.getByLabel('Quality Score (0-10)').inputValue(), '8');
  await rescore.getByLabel('Quality Score (0-10)').fill('9');
  await rescore.getByText('Total: 9.0/10').waitFor();
  await rescore.getByRole('button', { name: 'Update Score' }).click();
  await admin.getByText('Task scored successfully').waitFor();
  await score.getByText('Total: 9.0/10').waitFor({ timeout: 5000 });
});

test('a scoring sent again after a failure carries the same Idempotency-Key, and a corrected one a new key', { skip }, async () => {
  const task = await createTask({ title: 'Churn deep-dive', deadline: inDays(4).toISOString() });
  const execToken = (await api.login(tenant.executives[0].email, tenant.executives[0].password)).token;
  await api.put(`/tasks/${task._id}/submit`, execToken, { content: 'Churn drivers ranked.' });
  const admin = await signInAs(tenant.admin, '/admin/tasks');
  const keys = [];
  // The first attempt fails on the way (the server may or may not have it: the client cannot tell).
  let failNext = true;
  await admin.route('**/api/tasks/*/score', async (route) => {
    keys.push(route.request().headers()['idempotency-key']);
    if (failNext) {
      failNext = false;
      await route.abort('connectionreset');
    } else await route.continue();
  });
  const panel = card(admin, 'Churn deep-dive').getByRole('form', { name: 'Score Churn deep-dive' });
  await panel.getByLabel('Quality Score (0-10)').fill('6');
  await panel.getByLabel('Initiative Score (0-10)').fill('6');
  await panel.getByLabel('Feedback').fill('Solid start.');
  await panel.getByRole('button', { name: 'Submit Score' }).click();
  await admin.getByText('Failed to score task').waitFor();
  await panel.getByRole('button', { name: 'Submit Score' }).click();
  await admin.getByText('Task scored successfully').waitFor();
  assert.equal(keys.length, 2);
  assert.match(keys[0], /^[0-9a-f]{32}$/);
  assert.equal(keys[1], keys[0], 'the retry of the same figures reuses the key, so the server records it once');
  const history = await api.get(`/tasks/${task._id}/history`, adminToken);
  assert.equal(history.length, 1);

  // A re-score is a new scoring: a new key.
  const adminCard = card(admin, 'Churn deep-dive');
  await adminCard.getByRole('button', { name: 'Re-score' }).click();
  const rescore = adminCard.getByRole('form', { name: 'Re-score Churn deep-dive' });
  await rescore.getByLabel('Quality Score (0-10)').fill('7');
  await rescore.getByRole('button', { name: 'Update Score' }).click();
  await admin.getByText('Task scored successfully').waitFor();
  assert.equal(keys.length, 3);
  assert.notEqual(keys[2], keys[0]);
  assert.equal((await api.get(`/tasks/${task._id}/history`, adminToken)).length, 2);
});

test('the validation toasts of the scoring panel and the submission box, and nothing is sent', { skip }, async () => {
  const scored = await createTask({ title: 'Capacity report' });
  const execToken = (await api.login(tenant.executives[0].email, tenant.executives[0].password)).token;
  await api.put(`/tasks/${scored._id}/submit`, execToken, { content: 'Utilisation per site attached.' });
  const open1 = await createTask({ title: 'Churn risk review' });
  const open2 = await createTask({ title: 'NPS follow-up calls' });

  const admin = await signInAs(tenant.admin, '/admin/tasks');
  const panel = card(admin, 'Capacity report').getByRole('form', { name: 'Score Capacity report' });
  const submitScore = panel.getByRole('button', { name: 'Submit Score' });
  await submitScore.click();
  await admin.getByText('Please enter scores and feedback').waitFor();
  await panel.getByLabel('Quality Score (0-10)').fill('8');
  await submitScore.click();
  await admin.getByText('Quality, initiative, and feedback are required').waitFor();
  await panel.getByLabel('Quality Score (0-10)').fill('11');
  await panel.getByLabel('Initiative Score (0-10)').fill('7');
  await panel.getByLabel('Feedback').fill('Solid.');
  await submitScore.click();
  await admin.getByText('Quality score must be between 0 and 10').waitFor();
  await panel.getByLabel('Quality Score (0-10)').fill('8');
  await panel.getByLabel('Initiative Score (0-10)').fill('10.5');
  await submitScore.click();
  await admin.getByText('Initiative score must be between 0 and 10').waitFor();
  const stillUnscored = (await api.get('/tasks', adminToken)).find((t) => t._id === scored._id);
  assert.equal(stillUnscored.scoring, null);
  assert.equal(stillUnscored.status, 'submitted');

  const exec = await signInAs(tenant.executives[0], '/executive/tasks');
  const first = card(exec, 'Churn risk review');
  const second = card(exec, 'NPS follow-up calls');
  await first.getByRole('button', { name: 'Submit Task' }).click();
  await first.getByLabel('Submission', { exact: true }).fill('   ');
  await first.getByRole('button', { name: 'Submit Task' }).click();
  await exec.getByText('Please provide submission content').waitFor();
  const mine = await api.get(`/tasks/user/${tenant.executives[0]._id}`, execToken);
  assert.equal(mine.find((t) => t._id === open1._id).submission, null);

  // One box at a time; Cancel closes and clears.
  await first.getByLabel('Submission', { exact: true }).fill('Half-written draft');
  await second.getByRole('button', { name: 'Submit Task' }).click();
  await second.getByLabel('Submission', { exact: true }).waitFor();
  assert.equal(await first.getByLabel('Submission', { exact: true }).count(), 0);
  assert.equal(await exec.getByLabel('Submission', { exact: true }).count(), 1);
  await second.getByLabel('Submission', { exact: true }).fill('Something');
  await second.getByRole('button', { name: 'Cancel' }).click();
  await eventually(() => exec.getByLabel('Submission', { exact: true }).count(), (n) => n === 0, { message: 'Cancel closes the submission box' });
  await second.getByRole('button', { name: 'Submit Task' }).click();
  assert.equal(await second.getByLabel('Submission', { exact: true }).inputValue(), '');
  await second.getByRole('button', { name: 'Cancel' }).click();
  const after = await api.get(`/tasks/user/${tenant.executives[0]._id}`, execToken);
  assert.equal(after.find((t) => t._id === open2._id).submission, null);
  for (const t of [scored, open1, open2]) await api.del(`/tasks/${t._id}`, adminToken);
});

test('a score toast shows in one tab only when the executive has two tabs open', { skip }, async () => {
  const task = await createTask({ title: 'Content calendar' });
  const execToken = (await api.login(tenant.executives[0].email, tenant.executives[0].password)).token;
  await api.put(`/tasks/${task._id}/submit`, execToken, { content: 'Calendar published.' });

  const tab1 = await signInAs(tenant.executives[0], '/executive/tasks');
  const tab2 = await tab1.context().newPage();
  await tab2.goto(`${app.url}/executive/tasks`);
  await card(tab2, 'Content calendar').waitFor();
  await card(tab1, 'Content calendar').waitFor();
  // Both sockets are connected once the page has loaded its tasks; give the second a moment.
  await tab2.waitForTimeout(500);

  await api.put(`/tasks/${task._id}/score`, adminToken, { qualityScore: 7, initiativeScore: 6, feedback: 'Fine.' });
  const message = 'Your task "Content calendar" was scored 8.0/10';
  // Both tabs update the card; only one shows the toast.
  await card(tab1, 'Content calendar').getByRole('region', { name: 'Performance Score' }).waitFor({ timeout: 5000 });
  await card(tab2, 'Content calendar').getByRole('region', { name: 'Performance Score' }).waitFor({ timeout: 5000 });
  const perTab = async () => (await toastsPerPage([tab1, tab2], message)).map((texts) => texts.length);
  await eventually(perTab, (counts) => counts.some((n) => n > 0), { message: `a toast "${message}" in either tab` });
  // Give a second toast every chance to appear before counting.
  await tab1.waitForTimeout(1500);
  const seen = await perTab();
  assert.deepEqual(seen.toSorted(), [0, 1], `score toasts per tab: ${JSON.stringify(seen)}`);
  await tab2.close();
  await api.del(`/tasks/${task._id}`, adminToken);
});

test('Create Task is disabled with a hint when the company has no executives', { skip }, async () => {
  const empty = await seedTenant(app.url, { company: 'Empty Tasks Co', executives: [] });
  const admin = await signInAs({ ...empty.admin, role: 'admin' }, '/admin/tasks');
  await admin.getByText('Add an executive first: tasks are assigned to executives.').waitFor();
  assert.equal(await admin.getByRole('button', { name: 'Create Task' }).isDisabled(), true);
  await admin.getByText('No tasks found').waitFor();
});

test('both screens work at phone width', { skip }, async () => {
  const task = await createTask({ title: 'Webinar plan with Fabrikam', priority: 'urgent', deadline: inDays(-2).toISOString() });
  const done = await createTask({ title: 'Campaign performance report' });
  const execToken = (await api.login(tenant.executives[0].email, tenant.executives[0].password)).token;
  await api.put(`/tasks/${done._id}/submit`, execToken, { content: 'Report attached with channel breakdown.' });

  const exec = await signInAs(tenant.executives[0], '/executive/tasks');
  await exec.setViewportSize({ width: 390, height: 844 });
  await card(exec, 'Webinar plan with Fabrikam').getByText('OVERDUE').waitFor();
  await expectTile(exec, 'Overdue', 1);
  const execWidth = await exec.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(execWidth <= 390, `executive screen scrolls sideways: ${execWidth}px`);
  await exec.screenshot({ path: `${SHOTS}/tasks-executive-phone.png` });

  const admin = await signInAs(tenant.admin, '/admin/tasks');
  await admin.setViewportSize({ width: 390, height: 844 });
  await card(admin, 'Campaign performance report').getByRole('form', { name: 'Score Campaign performance report' }).waitFor();
  const adminWidth = await admin.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(adminWidth <= 390, `admin screen scrolls sideways: ${adminWidth}px`);
  await admin.screenshot({ path: `${SHOTS}/tasks-admin-phone.png` });

  // Keyboard: Tab from the sidebar reaches the Create Task button, and Enter opens the form.
  await admin.setViewportSize({ width: 1280, height: 860 });
  await admin.getByRole('link', { name: 'Tasks' }).focus();
  let reached = false;
  for (let i = 0; i < 20 && !reached; i++) {
    await admin.keyboard.press('Tab');
    reached = await admin.evaluate(() => document.activeElement?.textContent?.trim() === 'Create Task');
  }
  assert.ok(reached, 'Tab never reached Create Task');
  await admin.keyboard.press('Enter');
  await admin.getByRole('dialog', { name: 'Create Task' }).waitFor();
  await admin.keyboard.press('Escape');
  await admin.getByRole('dialog', { name: 'Create Task' }).waitFor({ state: 'detached' });
  for (const t of [task, done]) await api.del(`/tasks/${t._id}`, adminToken);
});

// Last in the file: it grows the company past one page of executives.
test('an admin finds an executive who is not on the first page of the company and assigns them a task', { skip }, async () => {
  for (let i = 0; i < 50; i += 1) {
    await api.post('/users', adminToken, { name: `Bulk Exec ${i}`, email: `bulk${i}@tasks.test`, department: 'Bulk', phoneNumber: '+1 555 0102', password: 'temporary-pass-1', role: 'executive' });
  }
  const admin = await signInAs(tenant.admin, '/admin/tasks');
  await admin.getByRole('button', { name: 'Create Task' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Create Task' });
  const assignTo = dialog.getByLabel('Assign To');
  // The screen loaded the newest 50 executives: Sam is older than all of them.
  await assignTo.locator('option', { hasText: 'Bulk Exec 49' }).waitFor({ state: 'attached' });
  assert.equal(await assignTo.locator('option', { hasText: 'Sam Seller' }).count(), 0);

  const find = dialog.getByLabel('Find an executive');
  await find.fill('zz-nobody');
  await dialog.getByText('No executive matches "zz-nobody"').waitFor();
  await find.fill('SELLER');
  await dialog.getByText('1 match', { exact: true }).waitFor();
  await assignTo.selectOption({ label: 'Sam Seller — Marketing' });
  // A new search does not drop the executive already chosen.
  await find.fill('bulk exec 4');
  await dialog.getByText('11 matches').waitFor();
  assert.equal(await assignTo.inputValue(), tenant.executives[1]._id);
  await admin.screenshot({ path: `${SHOTS}/tasks-executive-search.png` });

  await dialog.getByLabel('Title').fill('Page-two assignment');
  await dialog.getByLabel('Description').fill('For someone the first page did not list.');
  await dialog.getByLabel('Deadline').fill(localInput(inDays(4)));
  await dialog.getByLabel('Report Link').fill('https://reports.example.com/page-two');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await admin.getByText('Task created successfully').waitFor();
  await card(admin, 'Page-two assignment').getByText('Sam Seller').waitFor();

  // Executive Management finds them the same way, without paging through the company.
  await admin.getByRole('link', { name: 'Executives' }).click();
  await admin.getByRole('heading', { name: 'Executive Management' }).waitFor();
  await admin.getByText('Bulk Exec 49', { exact: true }).waitFor();
  assert.equal(await admin.getByText('Sam Seller', { exact: true }).count(), 0);
  await admin.getByRole('button', { name: /load more/i }).waitFor();
  const search = admin.getByLabel('Search executives');
  await search.fill('seller');
  await admin.getByText('Sam Seller', { exact: true }).waitFor();
  await admin.getByText('1 match', { exact: true }).waitFor();
  assert.equal(await admin.getByText('Bulk Exec 49', { exact: true }).count(), 0);
  assert.equal(await admin.getByRole('button', { name: /load more/i }).count(), 0);
  await admin.screenshot({ path: `${SHOTS}/executives-search.png` });
  await search.fill('zz-nobody');
  await admin.getByText('No executive matches "zz-nobody"').waitFor();
  await search.fill('');
  await admin.getByText('Bulk Exec 49', { exact: true }).waitFor();
});
