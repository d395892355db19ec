// Browser tests for email preferences and background tabs: the profile's Notifications section (saved, and
// "Enable desktop notifications" asks only on click), one browser notification per event across two hidden tabs,
// a click on it bringing its tab to the screen; the unsubscribe page.
// Run after `npm run build`: node --test scripts/browser/desktop-notifications.test.mjs (screenshots in /tmp/shots).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { browserPool, browserSkipReason, eventually, restClient, seedTenant, signIn, startApp, toastShown } from './harness.mjs';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
const skip = browserSkipReason();
let app;
let tenant;
let api;
let adminToken;
const browsers = browserPool();
const shot = (page, name) => page.screenshot({ path: `${SHOTS}/desktop-notifications-${name}.png`, fullPage: true });

/**
 * Keeps, in every page, the browser notifications the app creates (the real ones: the class only records each
 * instance it constructs), so a test can count them and click one.
 */
function recordNotifications() {
  const shown = [];
  const Real = window.Notification;
  class Recorded extends Real {
    constructor(title, options) {
      super(title, options);
      shown.push(this);
    }
  }
  Object.defineProperty(window, '__kpiNotifications', { value: shown });
  window.Notification = Recorded;
}

/**
 * Headless Chromium reports every tab as visible and no API switches that (microsoft/playwright#2286), so a test
 * says what a browser says when the person switches away: the document's visibility, and its visibilitychange.
 */
const setHidden = (page, hidden) =>
  page.evaluate((h) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);

const notificationsIn = (page) => page.evaluate(() => window.__kpiNotifications.map((n) => ({ title: n.title, body: n.body, tag: n.tag })));
const socketLive = (page) =>
  new Promise((resolve) => {
    page.on('websocket', (ws) => {
      ws.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && /^42\["(re)?sync"/.test(payload)) resolve();
      });
    });
  });

before(async () => {
  if (skip) return;
  mkdirSync(SHOTS, { recursive: true });
  app = await startApp();
  tenant = await seedTenant(app.url, { company: 'Desktop Browser Co', executives: ['Dana Desk'] });
  api = restClient(app.url);
  adminToken = (await api.login(tenant.admin.email, tenant.admin.password)).token;
});
after(async () => {
  await browsers.closeAll();
  await app?.stop();
});

test('the Notifications section saves choices, and asks for desktop notifications only on a click', { skip }, async () => {
  const exec = tenant.executives[0];
  const { context, page } = await browsers.person();
  await signIn(page, app.url, exec.email, exec.password);
  await page.waitForURL(`${app.url}/executive/profile`);
  await page.goto(`${app.url}/executive/profile`);
  const scored = page.getByLabel('My work is scored or re-scored');
  await scored.waitFor();
  assert.equal(await scored.inputValue(), 'instant');
  // Nothing asked on load: the permission is still the browser's default.
  assert.equal(await page.evaluate(() => Notification.permission), 'default');
  await shot(page, 'profile');

  await page.getByLabel('A task is assigned to me').selectOption('off');
  await page.getByLabel('My work is scored or re-scored').selectOption('digest');
  await page.getByLabel('Daily digest time').fill('17:45');
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await toastShown(page, 'Notification preferences saved');
  const saved = await api.get('/notification-preferences', (await api.login(exec.email, exec.password)).token);
  assert.equal(saved.modes['task.assigned'], 'off');
  assert.equal(saved.modes['task.scored'], 'digest');
  assert.equal(saved.digestTime, '17:45');
  // Back to instant for the next test.
  await page.getByLabel('My work is scored or re-scored').selectOption('instant');
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await eventually(() => page.getByRole('button', { name: 'Save Preferences' }).isDisabled(), (d) => d, { message: 'saved again' });

  // The person allows it in the browser's prompt (granted here, as the prompt cannot be clicked headless).
  await context.grantPermissions(['notifications'], { origin: app.url });
  await page.getByRole('button', { name: 'Enable desktop notifications' }).click();
  await page.getByText('Desktop notifications are on for this browser.').waitFor();
});

test('two hidden tabs: one browser notification per event; clicking it brings its tab to the screen', { skip }, async () => {
  const exec = tenant.executives[0];
  const { context, page: tab1 } = await browsers.person();
  await context.addInitScript(recordNotifications);
  await context.grantPermissions(['notifications'], { origin: app.url });
  const live1 = socketLive(tab1);
  await signIn(tab1, app.url, exec.email, exec.password);
  await tab1.waitForURL(`${app.url}/executive/profile`);
  const tab2 = await context.newPage();
  const live2 = socketLive(tab2);
  await tab2.goto(`${app.url}/executive/leaderboard`);
  await Promise.all([live1, live2]);

  const task = await api.post('/tasks', adminToken, {
    title: 'Partner scorecard',
    description: 'Rate every partner.',
    assignedTo: exec._id,
    deadline: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    reportLink: 'https://reports.example.com/partners',
  });
  const execToken = (await api.login(exec.email, exec.password)).token;
  await api.put(`/tasks/${task._id}/submit`, execToken, { content: 'Done.' });

  // While visible, no browser notification (the toast does it).
  await api.put(`/tasks/${task._id}/score`, adminToken, { qualityScore: 8, initiativeScore: 8, feedback: 'Solid.' });
  await toastShown(tab1, 'Partner scorecard').catch(() => toastShown(tab2, 'Partner scorecard'));
  assert.deepEqual([...(await notificationsIn(tab1)), ...(await notificationsIn(tab2))], []);

  await setHidden(tab1, true);
  await setHidden(tab2, true);
  await api.put(`/tasks/${task._id}/score`, adminToken, { qualityScore: 9, initiativeScore: 9, feedback: 'Even better.' });
  await api.post('/announcements', adminToken, { title: 'Server move tonight', content: 'Save your work by 6 pm.', priority: 'urgent' });
  await api.post('/announcements', adminToken, { title: 'Snacks restocked', content: 'Kitchen, second floor.', priority: 'low' });

  const all = async () => [...(await notificationsIn(tab1)), ...(await notificationsIn(tab2))];
  await eventually(all, (shown) => shown.length >= 2, { message: 'the re-score and the announcement as browser notifications' });
  await tab1.waitForTimeout(1500); // every chance for a second copy to appear before counting
  const shown = await all();
  assert.deepEqual(shown.map((n) => n.title).sort(), ['Announcement: Server move tonight', 'Your task was re-scored']);
  assert.equal(new Set(shown.map((n) => n.tag)).size, 2, 'each event once, tagged with its id');
  assert.match(shown.find((n) => n.title === 'Your task was re-scored').body, /"Partner scorecard" scored 9\.4\/10/);

  // Clicking the score's notification navigates its tab to My Tasks.
  const holder = (await notificationsIn(tab1)).length > 0 ? tab1 : tab2;
  await holder.evaluate(() => window.__kpiNotifications.find((n) => n.title === 'Your task was re-scored').dispatchEvent(new Event('click')));
  await holder.waitForURL(`${app.url}/executive/tasks`);
  await setHidden(holder, false);
  await holder.getByText('Partner scorecard').first().waitFor();
  await shot(holder, 'after-click');
});

test('an email’s unsubscribe link asks once, then turns that kind off without signing in', { skip }, async () => {
  const exec = tenant.executives[0];
  // The link as the server writes it into emails: read from the developer mailbox (no SMTP_URL in this app).
  const root = (await api.login('root@kpi.browser', 'root-password-1')).token;
  const mailbox = await eventually(() => api.get('/dev/mailbox', root), (box) => box.items.some((m) => m.to.includes(exec.email) && m.subject.startsWith('Badge earned')), {
    message: 'a badge email in the developer mailbox',
  });
  const mail = mailbox.items.find((m) => m.to.includes(exec.email) && m.subject.startsWith('Badge earned'));
  const link = mail.text.match(/Unsubscribe: (\S+)/)[1];
  const { page } = await browsers.person();
  await page.goto(link.replace(/^https?:\/\/[^/]+/, app.url));
  await page.getByText('Stop “I earn a badge” emails?').waitFor();
  await shot(page, 'unsubscribe');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await page.getByText('You have been unsubscribed.').waitFor();
  const prefs = await api.get('/notification-preferences', (await api.login(exec.email, exec.password)).token);
  assert.equal(prefs.modes['badge.awarded'], 'off');
});
