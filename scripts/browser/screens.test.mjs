// One walk over every screen, at phone (390×844) and desktop (1920×1080) width: each screen fits its width with
// no horizontal scroll (tables scroll inside their own box) and axe-core finds no serious or critical
// accessibility violation. Screenshots of each screen at each width go to KPI_SHOTS_DIR (default /tmp/shots/screens).
// Run after `npm run build`: node --test scripts/browser/screens.test.mjs
// The README's gallery: KPI_GALLERY_DIR=docs/screenshots/gallery node --test scripts/browser/screens.test.mjs
// also saves the main screens at 1280×800 (desktop-*.png) and 390×844 (phone-*.png) there.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { axeViolations } from './axe.mjs';
import { SUPERADMIN, browserPool, browserSkipReason, eventually, pollUntil, restClient, seedTenant, signIn, startApp } from './harness.mjs';

const SHOTS = join(process.env.KPI_SHOTS_DIR ?? '/tmp/shots', 'screens');
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1920, height: 1080 },
];
const GALLERY_DIR = process.env.KPI_GALLERY_DIR;
const GALLERY = new Set(['/admin/tasks', '/admin/leaderboards', '/executive/performance', '/executive/tasks', '/superadmin/stats']);
const skip = browserSkipReason();
let app;
let tenant;
const browsers = browserPool();
const inDays = (days) => new Date(Date.now() + days * 86_400_000).toISOString();
/** How long a screen may take to settle (charts drawn, lists in) before what is still wrong counts as a problem. */
const SETTLE_MS = 5000;

/** Rich enough data that every screen shows its cards, lists, charts and tables rather than empty states. */
async function arrange() {
  const api = restClient(app.url);
  tenant = await seedTenant(app.url, { company: 'Northwind Screens Browser Consolidated Holdings', executives: ['Erin Exec', 'Samantha Worthington-Smythe', 'Kim Keeper'] });
  const admin = (await api.login(tenant.admin.email, tenant.admin.password)).token;
  const tokens = [];
  for (const e of tenant.executives) tokens.push((await api.login(e.email, e.password)).token);
  const task = (exec, title, deadline = inDays(5)) =>
    api.post('/tasks', admin, { title, description: `${title}: arranged by the screens walk`, assignedTo: exec._id, deadline, priority: 'high', reportLink: 'https://reports.example.com/walk' });
  for (const [i, exec] of tenant.executives.entries()) {
    const scored = await task(exec, `Quarterly review ${i + 1}`);
    await api.put(`/tasks/${scored._id}/submit`, tokens[i], { content: 'Done, details in the report.' });
    await api.put(`/tasks/${scored._id}/score`, admin, { qualityScore: 9 - i, initiativeScore: 7 + i, feedback: 'Solid work.' });
    const submitted = await task(exec, `Pipeline clean-up ${i + 1}`);
    await api.put(`/tasks/${submitted._id}/submit`, tokens[i], { content: 'Submitted for review.' });
    await task(exec, `Customer follow-up ${i + 1}`);
  }
  await api.post('/announcements', admin, { title: 'Welcome to the quarter', content: 'Targets are set; good luck everyone.' });
  const now = new Date();
  await api.post('/leaderboard/generate', admin, { type: 'monthly', year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 });
  // Registered after the events above, so it has nothing to send: the list shows it without a delivery going out.
  await api.post('/webhooks', admin, { url: 'https://hooks.slack.com/services/T000/B000/walk', kind: 'slack', description: 'Sales wins channel', eventTypes: ['task.scored', 'badge.awarded'] });
}

before(async () => {
  if (skip) return;
  mkdirSync(SHOTS, { recursive: true });
  if (GALLERY_DIR) mkdirSync(GALLERY_DIR, { recursive: true });
  app = await startApp();
  await arrange();
});

after(async () => {
  await browsers.closeAll();
  await app?.stop();
});

/**
 * The dashboards' navigation: on a phone every tab is fully on screen (the strip wraps rather than scrolling
 * tabs out of sight); on a desktop the sidebar's background runs to the bottom of the page.
 */
function navigationProblems(page) {
  return page.evaluate(() => {
    const nav = document.querySelector('nav[aria-label$=" sections"]');
    if (!nav) return [];
    const problems = [];
    for (const link of nav.querySelectorAll('a')) {
      const r = link.getBoundingClientRect();
      if (r.left < 0 || r.right > window.innerWidth) problems.push(`tab "${link.textContent}" is cut off (${Math.round(r.left)}–${Math.round(r.right)} px)`);
    }
    if (window.innerWidth >= 768) {
      const bottom = nav.getBoundingClientRect().bottom + window.scrollY;
      const page = document.documentElement.scrollHeight;
      if (bottom < page - 1) problems.push(`the sidebar ends at ${Math.round(bottom)} px of a ${page} px page`);
    }
    return problems;
  });
}

/** The dashboard header's title is shown whole: no ellipsis ("Executive Dashb…") at any size. */
function headerProblems(page) {
  return page.evaluate(() => {
    const title = document.querySelector('header h1');
    if (!title || title.scrollWidth <= title.clientWidth) return [];
    return [`the header title "${title.textContent}" is cut to ${title.clientWidth} of ${title.scrollWidth} px`];
  });
}

/** Visits each screen at both sizes; returns every problem found, so one run lists them all. */
async function walk(page, area, screens) {
  const problems = [];
  for (const { path, heading } of screens) {
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`${app.url}${path}`);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      await page.waitForLoadState('networkidle');
      // Charts and lazy parts settle after the data arrives.
      await page.waitForTimeout(300);
      const name = `${area}-${path.split('/').filter(Boolean).join('-') || 'root'}-${size.name}`;
      await page.screenshot({ path: join(SHOTS, `${name}.png`) });
      if (GALLERY_DIR && GALLERY.has(path) && size.name === 'phone') await page.screenshot({ path: join(GALLERY_DIR, `phone-${path.split('/').slice(1).join('-')}.png`) });
      // One look can catch the screen mid-way (a chart still drawing, a list still filling): look again until
      // it has none, and count what is still there after SETTLE_MS.
      const check = async () => {
        const found = [];
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
        if (scrollWidth > innerWidth) found.push(`scroll width ${scrollWidth} > ${innerWidth}`);
        found.push(...(await axeViolations(page)), ...(await navigationProblems(page)), ...(await headerProblems(page)));
        return found;
      };
      const found = await pollUntil(check, (list) => list.length === 0, { timeout: SETTLE_MS, interval: 250 });
      for (const p of found) problems.push(`${path} at ${size.width}px: ${p}`);
    }
    if (GALLERY_DIR && GALLERY.has(path)) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.waitForTimeout(500);
      await page.screenshot({ path: join(GALLERY_DIR, `desktop-${path.split('/').slice(1).join('-')}.png`) });
    }
  }
  return problems;
}

async function signedIn(email, password, home) {
  const { page } = await browsers.person();
  await signIn(page, app.url, email, password);
  await page.waitForURL((url) => url.pathname.startsWith(home));
  return page;
}

test('the sign-in page and the wall fit a phone and a desktop with no serious accessibility violation', { skip }, async () => {
  const { page } = await browsers.person();
  const problems = await walk(page, 'public', [
    { path: '/login', heading: 'Sign in to your account' },
    { path: '/wall', heading: 'Pair this screen' },
    { path: '/unsubscribe?token=not-a-token', heading: 'KPI Tracker emails' },
  ]);
  assert.deepEqual(problems, []);
});

test('every superadmin screen fits a phone and a desktop with no serious accessibility violation', { skip }, async () => {
  const page = await signedIn(SUPERADMIN.email, SUPERADMIN.password, '/superadmin');
  const problems = await walk(page, 'superadmin', [
    { path: '/superadmin/companies', heading: 'Company Management' },
    { path: '/superadmin/admins', heading: 'Admin Management' },
    { path: '/superadmin/stats', heading: 'Overall System Statistics' },
    { path: '/superadmin/integrations', heading: 'Integrations' },
    { path: '/superadmin/mailbox', heading: 'Developer Mailbox' },
  ]);
  assert.deepEqual(problems, []);
});

test('every admin screen fits a phone and a desktop with no serious accessibility violation', { skip }, async () => {
  const page = await signedIn(tenant.admin.email, tenant.admin.password, '/admin');
  const problems = await walk(page, 'admin', [
    { path: '/admin/executives', heading: 'Executive Management' },
    { path: '/admin/tasks', heading: 'Task Management' },
    { path: '/admin/leaderboards', heading: 'Leaderboards' },
    { path: '/admin/announcements', heading: 'Announcements' },
    { path: '/admin/stats', heading: 'Company Statistics' },
    { path: '/admin/integrations', heading: 'Integrations' },
    { path: '/admin/security', heading: 'Security Settings' },
  ]);
  assert.deepEqual(problems, []);
});

test('every executive screen fits a phone and a desktop with no serious accessibility violation', { skip }, async () => {
  const exec = tenant.executives[0];
  const page = await signedIn(exec.email, exec.password, '/executive');
  const problems = await walk(page, 'executive', [
    { path: '/executive/profile', heading: 'My Profile' },
    { path: '/executive/tasks', heading: 'My Tasks' },
    { path: '/executive/performance', heading: 'Performance Dashboard' },
    { path: '/executive/leaderboard', heading: 'Company Leaderboard' },
    { path: '/executive/announcements', heading: 'Company Announcements' },
  ]);
  assert.deepEqual(problems, []);
  // A rank that moves live is read out politely: the position card's figures sit in a polite live region.
  await page.goto(`${app.url}/executive/leaderboard`);
  const position = page.getByRole('region', { name: 'My Current Position' });
  await position.getByText(/^Rank #\d+ of \d+ executives$/).waitFor();
  assert.equal(await position.getByText(/^Rank #/).evaluate((el) => el.closest('[aria-live]')?.getAttribute('aria-live')), 'polite');
});

test('a dialog keeps keyboard focus inside, hands it back on close, and a toast is announced politely', { skip }, async () => {
  const page = await signedIn(SUPERADMIN.email, SUPERADMIN.password, '/superadmin');
  await page.getByRole('heading', { name: 'Company Management' }).waitFor();
  const opener = page.getByRole('button', { name: 'Add Company' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add Company' });
  await dialog.waitFor();
  assert.deepEqual(await axeViolations(page), [], 'the open dialog has no serious accessibility violation');
  // Tab well past the last field: focus never lands behind the dialog.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    const inside = await page.evaluate(() => {
      const active = document.activeElement;
      return active === document.body || Boolean(active?.closest('dialog[open]'));
    });
    assert.ok(inside, `Tab #${i + 1} left the dialog`);
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  // Focus comes back as the dialog closes, not necessarily before it leaves the DOM.
  await eventually(() => opener.evaluate((el) => el === document.activeElement), (focused) => focused === true, { message: 'focus returns to Add Company' });

  // The whole form from the keyboard: open, type, submit with Enter; the success toast sits in a polite live region.
  await page.keyboard.press('Enter');
  await dialog.waitFor();
  await page.keyboard.type('Keyboard Only Ltd');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Accessibility');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Made without a mouse.');
  // Time Zone, Cancel, then Create Company.
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), 'Create Company');
  await page.keyboard.press('Enter');
  const toast = page.getByText('Company created successfully');
  await toast.waitFor();
  assert.equal(await toast.evaluate((el) => el.closest('[aria-live]')?.getAttribute('aria-live')), 'polite');
  await page.getByRole('heading', { name: 'Keyboard Only Ltd' }).waitFor();
});
