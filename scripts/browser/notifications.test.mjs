// Browser tests for the notification bell: one toast per event across the tabs of a browser, the unread count
// agreeing across tabs, read state following the user to another browser, opening a notification.
// Run after `npm run build`: node --test scripts/browser/notifications.test.mjs (screenshots go to /tmp/shots).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { SUPERADMIN, browserPool, browserSkipReason, eventually, restClient, seedTenant, signIn, startApp, toastsPerPage, toastsShown } from './harness.mjs';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
const skip = browserSkipReason();
let app;
let tenant;
let api;
let adminToken;
const browsers = browserPool();
const person = async () => browsers.person();
const shot = (page, name) => page.screenshot({ path: `${SHOTS}/notifications-${name}.png` });

const bell = (page) => page.getByRole('button', { name: 'Notifications', exact: true });
const unreadOf = (page) => bell(page).getAttribute('data-unread');
const waitForUnread = (page, n) =>
  page.waitForFunction(
    (want) => document.querySelector('button[aria-label="Notifications"]')?.getAttribute('data-unread') === String(want),
    n,
    { timeout: 5000 },
  );
/** Waits until a toast about `text` has shown in any of the pages. */
const firstToast = (pages, text) =>
  eventually(() => toastsPerPage(pages, text), (perTab) => perTab.some((t) => t.length > 0), { timeout: 5000, message: `a toast about "${text}" in any tab` });
/**
 * Resolves once the page's realtime socket has finished its handshake (the server's `sync` or `resync`).
 * Register it before the page navigates: a fresh tab connects without a replay position, so an event sent
 * before that moment never reaches it.
 */
const socketLive = (page) =>
  new Promise((resolve) => {
    page.on('websocket', (ws) => {
      ws.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && /^42\["(re)?sync"/.test(payload)) resolve();
      });
    });
  });
const post = (title) => api.post('/announcements', adminToken, { title, content: `${title}: details inside.` });

before(async () => {
  if (skip) return;
  mkdirSync(SHOTS, { recursive: true });
  app = await startApp();
  tenant = await seedTenant(app.url, { company: 'Bell Browser Co', executives: ['Erin Exec'] });
  api = restClient(app.url);
  adminToken = (await api.login(tenant.admin.email, tenant.admin.password)).token;
});
after(async () => {
  await browsers.closeAll();
  await app?.stop();
});

test('two tabs of one executive: one toast in total per event, the same unread count, read-all syncs', { skip }, async () => {
  const exec = tenant.executives[0];
  const { context, page: tab1 } = await person();
  const live1 = socketLive(tab1);
  await signIn(tab1, app.url, exec.email, exec.password);
  await tab1.waitForURL(`${app.url}/executive/profile`);
  // The second tab shares the browser's storage, so it is signed in too.
  const tab2 = await context.newPage();
  const live2 = socketLive(tab2);
  await tab2.goto(`${app.url}/executive/tasks`);
  await bell(tab2).waitFor();
  await waitForUnread(tab1, 0);
  await waitForUnread(tab2, 0);
  await Promise.all([live1, live2]);

  // The admin posts through the UI in their own browser.
  const { page: admin } = await person();
  await signIn(admin, app.url, tenant.admin.email, tenant.admin.password);
  await admin.waitForURL(`${app.url}/admin/executives`);
  await admin.getByRole('link', { name: 'Announcements' }).click();
  await admin.getByRole('button', { name: 'New Announcement' }).first().click();
  await admin.getByLabel('Title').fill('Team lunch on Thursday');
  await admin.getByLabel('Content').fill('Pizza in the big room at noon.');
  await admin.getByRole('button', { name: 'Create Announcement' }).click();
  await admin.getByText('Announcement created successfully').waitFor();

  await waitForUnread(tab1, 1);
  await waitForUnread(tab2, 1);
  // Give a second toast every chance to appear before counting.
  await firstToast([tab1, tab2], 'Team lunch on Thursday');
  await tab1.waitForTimeout(1500);
  const lunch = await toastsPerPage([tab1, tab2], 'Team lunch on Thursday');
  assert.equal(lunch[0].length + lunch[1].length, 1, `toasts per tab: ${JSON.stringify(lunch)}`);
  const leader = lunch[0].length === 1 ? tab1 : tab2;
  assert.match((lunch[0][0] ?? lunch[1][0]), /^New announcement/);
  // The bell's broadcast reaches the whole company; the admin who posted derives nothing from it.
  assert.equal(await unreadOf(admin), '0');
  assert.deepEqual((await toastsShown(admin)).filter((t) => t.includes('New announcement')), []);
  await shot(leader, 'toast');

  // A second event: still one toast in total, and both counts move together.
  await post('Fire drill at 3 pm');
  await waitForUnread(tab1, 2);
  await waitForUnread(tab2, 2);
  await firstToast([tab1, tab2], 'Fire drill at 3 pm');
  await tab1.waitForTimeout(1500);
  const drill = await toastsPerPage([tab1, tab2], 'Fire drill at 3 pm');
  assert.equal(drill[0].length + drill[1].length, 1, `toasts per tab: ${JSON.stringify(drill)}`);

  // The panel lists newest first with unread dots; 'Mark all as read' in one tab clears the other.
  await bell(tab1).click();
  const panel = tab1.getByRole('region', { name: 'Notifications' });
  await panel.waitFor();
  // The panel may open before its list is filled: read it once both notifications are in.
  for (const title of ['Fire drill at 3 pm', 'Team lunch on Thursday']) await panel.getByRole('listitem').filter({ hasText: title }).waitFor();
  const bodies = await panel.getByRole('listitem').allTextContents();
  assert.match(bodies[0], /New announcement.*Fire drill at 3 pm.*Just now/);
  assert.match(bodies[1], /Team lunch on Thursday/);
  assert.equal(await panel.getByText('(unread)').count(), 2);
  await shot(tab1, 'panel');
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await waitForUnread(tab1, 0);
  await waitForUnread(tab2, 0);
  // The bell's count and the list's read marks are separate state: wait for the list's too.
  await eventually(() => panel.getByText('(unread)').count(), (n) => n === 0, { message: 'no notification is marked unread' });
  await eventually(() => panel.getByRole('button', { name: 'Mark all as read' }).isDisabled(), (disabled) => disabled === true, {
    message: 'Mark all as read is disabled',
  });

  // Escape closes the panel and gives focus back to the bell.
  await tab1.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
  assert.equal(await bell(tab1).evaluate((el) => el === document.activeElement), true);
});

test('read state follows the user to another browser; opening a notification marks it read and navigates', { skip }, async () => {
  const exec = tenant.executives[0];
  const { page: first } = await person();
  const live = socketLive(first);
  await signIn(first, app.url, exec.email, exec.password);
  await first.waitForURL(`${app.url}/executive/profile`);
  await bell(first).waitFor();
  await live;
  // The bell shows 0 until its first load lands: start from the server's count, once the bell shows it.
  const before = (await api.get('/notifications', (await api.login(exec.email, exec.password)).token)).unread;
  await waitForUnread(first, before);
  await post('Quarterly numbers are out');
  await waitForUnread(first, before + 1);

  // Another browser of the same person starts from the server's read state.
  const { page: second } = await person();
  await signIn(second, app.url, exec.email, exec.password);
  await second.waitForURL(`${app.url}/executive/profile`);
  await waitForUnread(second, before + 1);

  // Keyboard: Tab to the bell, open it, Tab into the list, open the newest notification.
  await bell(second).focus();
  await second.keyboard.press('Enter');
  const panel = second.getByRole('region', { name: 'Notifications' });
  await panel.waitFor();
  const item = panel.getByRole('button', { name: /Quarterly numbers are out/ });
  await item.focus();
  await second.keyboard.press('Enter');
  await second.waitForURL(`${app.url}/executive/announcements`);
  await panel.waitFor({ state: 'detached' });
  await second.locator('article', { hasText: 'Quarterly numbers are out' }).waitFor();
  await waitForUnread(second, before);
  // The first browser hears it over its own socket.
  await waitForUnread(first, before);
  const list = await api.get('/notifications', (await api.login(exec.email, exec.password)).token);
  assert.equal(list.unread, before);
  assert.notEqual(list.items.find((n) => n.body === 'Quarterly numbers are out')?.readAt, null);
});

test('the bell shows for admins and the superadmin too', { skip }, async () => {
  const { page: root } = await person();
  await signIn(root, app.url, SUPERADMIN.email, SUPERADMIN.password);
  await root.waitForURL(`${app.url}/superadmin/companies`);
  await waitForUnread(root, 0);
  await bell(root).click();
  await root.getByRole('region', { name: 'Notifications' }).getByText('No notifications yet').waitFor();
  await shot(root, 'superadmin-empty');

  const { page: admin } = await person();
  await admin.setViewportSize({ width: 375, height: 740 });
  await signIn(admin, app.url, tenant.admin.email, tenant.admin.password);
  await admin.waitForURL(`${app.url}/admin/executives`);
  await bell(admin).waitFor();
  // Measure the screen with its content in, not while it still loads.
  await admin.locator('article', { hasText: 'Erin Exec' }).waitFor();
  const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `page scrolls sideways by ${overflow}px`);
});
