// Browser tests for announcements: the admin's screen, the executives' live list (post, pin, edit, delete,
// expiry), the error view and the phone layout.
// Run after `npm run build`: node --test scripts/browser/announcements.test.mjs (screenshots go to /tmp/shots).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { browserPool, browserSkipReason, restClient, seedTenant, settlesTo, signIn, startApp, trackNavigations } from './harness.mjs';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
const skip = browserSkipReason();
let app;
let tenant;
let api;
let adminToken;
const browsers = browserPool();
const person = async () => browsers.person();
const shot = (page, name) => page.screenshot({ path: `${SHOTS}/announcements-${name}.png`, fullPage: true });

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
const bell = (page) => page.getByRole('button', { name: 'Notifications', exact: true });
const waitForUnread = (page, n) =>
  page.waitForFunction(
    (want) => document.querySelector('button[aria-label="Notifications"]')?.getAttribute('data-unread') === String(want),
    n,
    { timeout: 5000 },
  );

async function signInAt(page, user, path) {
  await signIn(page, app.url, user.email, user.password);
  await page.waitForURL(new RegExp(`${app.url}/(admin|executive)$`));
  await page.getByText('Login successful!').waitFor();
  await page.getByRole('link', { name: 'Announcements' }).click();
  await page.waitForURL(`${app.url}${path}`);
}

before(async () => {
  if (skip) return;
  mkdirSync(SHOTS, { recursive: true });
  app = await startApp();
  tenant = await seedTenant(app.url, { company: 'Announce Browser Co', executives: ['Erin Exec', 'Evan Exec'] });
  api = restClient(app.url);
  adminToken = (await api.login(tenant.admin.email, tenant.admin.password)).token;
});
after(async () => {
  await browsers.closeAll();
  await app?.stop();
});

test('an admin posts, pins, edits and deletes through the UI; an executive sees each change live', { skip }, async () => {
  const admin = (await person()).page;
  await signInAt(admin, tenant.admin, '/admin/announcements');
  await admin.getByText('No announcements found').waitFor();

  const exec = (await person()).page;
  const live = socketLive(exec);
  await signInAt(exec, tenant.executives[0], '/executive/announcements');
  await exec.getByText('No announcements available').waitFor();
  await waitForUnread(exec, 0);
  await live;
  const navigations = trackNavigations(exec);

  // Post: title and content are required, priority defaults to medium.
  // Empty, the button shows twice (header and empty state).
  await admin.getByRole('button', { name: 'New Announcement' }).first().click();
  assert.equal(await admin.getByLabel('Priority').inputValue(), 'medium');
  await admin.getByRole('button', { name: 'Create Announcement' }).click();
  assert.equal(await admin.getByLabel('Title').evaluate((el) => el.validity.valueMissing), true);
  await admin.getByLabel('Title').fill('   ');
  await admin.getByLabel('Content').fill('Spaces are not a title.');
  await admin.getByRole('button', { name: 'Create Announcement' }).click();
  await admin.getByText('Title is required').waitFor();
  await admin.getByLabel('Title').fill('Quarterly review on Friday');
  await admin.getByLabel('Content').fill('Bring your numbers.\nThe meeting starts at 10:00.');
  await admin.getByLabel('Priority').selectOption('high');
  await shot(admin, 'admin-form');
  await admin.getByRole('button', { name: 'Create Announcement' }).click();
  await admin.getByText('Announcement created successfully').waitFor();
  const adminItem = admin.locator('article', { hasText: 'Quarterly review on Friday' });
  await adminItem.getByText('HIGH', { exact: true }).waitFor();

  // The executive's list and bell change without a reload.
  const execItem = exec.locator('article', { hasText: 'Quarterly review on Friday' });
  await execItem.waitFor({ timeout: 5000 });
  await execItem.getByText('HIGH', { exact: true }).waitFor();
  await execItem.getByText('By Alex Admin').waitFor();
  await execItem.getByText('Just now').waitFor();
  await waitForUnread(exec, 1);
  assert.equal(await exec.getByText('Pinned Announcements').count(), 0);
  assert.equal(await exec.getByText('Recent Announcements').count(), 0);

  // Pin: it moves under 'Pinned Announcements' for the executive.
  await adminItem.getByRole('button', { name: 'Pin', exact: true }).click();
  await adminItem.getByText('PINNED', { exact: true }).waitFor();
  const pinnedSection = exec.getByRole('region', { name: 'Pinned Announcements' });
  await pinnedSection.locator('article', { hasText: 'Quarterly review on Friday' }).waitFor({ timeout: 5000 });
  await pinnedSection.getByText('PINNED', { exact: true }).waitFor();

  // A second one lands under 'Recent Announcements', after the pinned one.
  await admin.getByRole('button', { name: 'New Announcement' }).click();
  await admin.getByLabel('Title').fill('Parking lot closed Monday');
  await admin.getByLabel('Content').fill('Use the north entrance.');
  await admin.getByRole('button', { name: 'Create Announcement' }).click();
  await admin.getByText('Announcement created successfully').first().waitFor();
  const recentSection = exec.getByRole('region', { name: 'Recent Announcements' });
  await recentSection.locator('article', { hasText: 'Parking lot closed Monday' }).waitFor({ timeout: 5000 });
  await recentSection.getByText('MEDIUM', { exact: true }).waitFor();
  await waitForUnread(exec, 2);
  const execTitles = await exec.locator('article h4').allTextContents();
  assert.deepEqual(execTitles, ['Quarterly review on Friday', 'Parking lot closed Monday']);
  // The admin's list: pinned first, then newest first. The success toast can come before the list has the new
  // one: read the list once it holds both.
  await settlesTo(() => admin.locator('article h3').allTextContents(), ['Quarterly review on Friday', 'Parking lot closed Monday']);
  await shot(admin, 'admin-list');
  await shot(exec, 'executive-list');

  // Unpin: back under the recent ones, newest first; the pinned heading goes away.
  await adminItem.getByRole('button', { name: 'Unpin', exact: true }).click();
  await pinnedSection.waitFor({ state: 'detached', timeout: 5000 });
  await exec.getByText('Recent Announcements').waitFor({ state: 'detached' });
  await settlesTo(() => exec.locator('article h4').allTextContents(), ['Parking lot closed Monday', 'Quarterly review on Friday']);

  // Edit.
  await admin.locator('article', { hasText: 'Parking lot closed Monday' }).getByRole('button', { name: 'Edit' }).click();
  assert.equal(await admin.getByLabel('Title').inputValue(), 'Parking lot closed Monday');
  await admin.getByLabel('Title').fill('Parking lot closed Monday and Tuesday');
  await admin.getByRole('button', { name: 'Update Announcement' }).click();
  await admin.getByText('Announcement updated successfully').waitFor();
  await exec.locator('article', { hasText: 'Parking lot closed Monday and Tuesday' }).waitFor({ timeout: 5000 });

  // Delete, after confirming.
  let asked = '';
  admin.once('dialog', (d) => {
    asked = d.message();
    void d.accept();
  });
  await adminItem.getByRole('button', { name: 'Delete' }).click();
  await admin.getByText('Announcement deleted successfully').waitFor();
  assert.equal(asked, 'Are you sure you want to delete this announcement?');
  await adminItem.waitFor({ state: 'detached' });
  await execItem.waitFor({ state: 'detached', timeout: 5000 });
  assert.deepEqual(navigations, []);
});

test('an expiring announcement vanishes for executives and is marked Expired for admins, live', { skip }, async () => {
  const admin = (await person()).page;
  const adminLive = socketLive(admin);
  await signInAt(admin, tenant.admin, '/admin/announcements');
  const exec = (await person()).page;
  const execLive = socketLive(exec);
  await signInAt(exec, tenant.executives[1], '/executive/announcements');
  await Promise.all([adminLive, execLive]);
  const navigations = trackNavigations(exec);

  await api.post('/announcements', adminToken, { title: 'Cafeteria menu', content: 'Soup of the day: tomato.' });
  await exec.locator('article', { hasText: 'Cafeteria menu' }).waitFor({ timeout: 5000 });
  await api.post('/announcements', adminToken, {
    title: 'Flash sale ends soon',
    content: 'Only for a few seconds.',
    priority: 'urgent',
    // Far enough ahead that the item is on both screens, not yet expired, even on a busy machine.
    expiresAt: new Date(Date.now() + 6000).toISOString(),
  });
  const execItem = exec.locator('article', { hasText: 'Flash sale ends soon' });
  await execItem.getByText('URGENT', { exact: true }).waitFor({ timeout: 5000 });
  const adminItem = admin.locator('article', { hasText: 'Flash sale ends soon' });
  await adminItem.waitFor({ timeout: 5000 });
  assert.equal(await adminItem.getByText('Expired', { exact: true }).count(), 0);

  // The server publishes the expiry as announcement.updated: gone for the executive, marked for the admin.
  await execItem.waitFor({ state: 'detached', timeout: 15_000 });
  await adminItem.getByText('Expired', { exact: true }).waitFor({ timeout: 5000 });
  await shot(admin, 'admin-expired');
  assert.deepEqual(navigations, []);

  // A fresh load agrees: executives are not sent it, admins still see it.
  await exec.reload();
  await exec.locator('article', { hasText: 'Cafeteria menu' }).waitFor();
  assert.equal(await execItem.count(), 0);
  await admin.reload();
  await adminItem.getByText('Expired', { exact: true }).waitFor();
});

test('the executive screen shows an error view whose Try Again reloads the list', { skip }, async () => {
  await api.post('/announcements', adminToken, { title: 'Office hours', content: 'Open 9 to 5.' });
  const exec = (await person()).page;
  await signIn(exec, app.url, tenant.executives[0].email, tenant.executives[0].password);
  await exec.waitForURL(`${app.url}/executive/profile`);
  await exec.route('**/api/announcements', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await exec.getByRole('link', { name: 'Announcements' }).click();
  const alert = exec.getByRole('alert').filter({ hasText: 'Failed to fetch announcements' });
  await alert.waitFor();
  await exec.locator('[role="status"][aria-live="polite"]', { hasText: 'Failed to fetch announcements' }).waitFor();
  await shot(exec, 'executive-error');
  await exec.unroute('**/api/announcements');
  await alert.getByRole('button', { name: 'Try Again' }).click();
  await exec.getByRole('heading', { name: 'Company Announcements' }).waitFor();
  await alert.waitFor({ state: 'detached' });
  await exec.locator('article').first().waitFor();
});

test('the announcement screens and the bell work at phone width', { skip }, async () => {
  await api.post('/announcements', adminToken, {
    title: 'A rather long announcement title that has to wrap on a phone screen',
    content: 'Check that nothing scrolls sideways: averylongwordwithoutanyspacesthatmustbreakratherthanoverflowthescreen.',
    priority: 'urgent',
    isPinned: true,
  });
  const { page: exec } = await person();
  await exec.setViewportSize({ width: 375, height: 780 });
  await signInAt(exec, tenant.executives[0], '/executive/announcements');
  await exec.locator('article').first().waitFor();
  const overflow = await exec.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `page scrolls sideways by ${overflow}px`);
  await shot(exec, 'phone-executive');
  await bell(exec).click();
  const panel = exec.getByRole('region', { name: 'Notifications' });
  await panel.waitFor();
  const box = await panel.boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 375, `panel off screen: ${JSON.stringify(box)}`);
  await shot(exec, 'phone-bell');

  const { page: admin } = await person();
  await admin.setViewportSize({ width: 375, height: 780 });
  await signInAt(admin, tenant.admin, '/admin/announcements');
  await admin.locator('article').first().waitFor();
  const adminOverflow = await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(adminOverflow <= 0, `admin page scrolls sideways by ${adminOverflow}px`);
  await shot(admin, 'phone-admin');
  await admin.getByRole('button', { name: 'New Announcement' }).click();
  await admin.getByLabel('Expires At').waitFor();
  await shot(admin, 'phone-admin-form');
});
