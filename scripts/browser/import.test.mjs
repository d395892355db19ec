// Browser test for the CSV import (docs/imports.md): an admin uploads a file, reads the dry run's counts and a
// rejected row, fixes the cell in place, re-runs the dry run and applies; a second admin of the company, who only
// has the import screen open, watches the job's progress arrive over the socket until it is done; the new
// executives are then on the Executives screen.
// Run after `npm run build`: node --test scripts/browser/import.test.mjs (screenshots go to /tmp/shots).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { axeViolations } from './axe.mjs';
import { browserPool, browserSkipReason, eventually, restClient, seedTenant, signIn, startApp, toastShown } from './harness.mjs';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
const skip = browserSkipReason();
const ROWS = 450;
let app;
let tenant;
let second;
const browsers = browserPool();
const shot = (page, name) => page.screenshot({ path: `${SHOTS}/import-${name}.png`, fullPage: true });

/** ROWS new people, and on line 5 one whose phone number is not one. */
function file() {
  const lines = ['Full Name;E-mail;Team;Mobile'];
  for (let i = 0; i < ROWS; i++) lines.push(`Imported Person ${i};imported-${i}@import.browser;Operations;${i === 3 ? 'ask reception' : `+1 555 ${String(10000 + i)}`}`);
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);
}

before(async () => {
  if (skip) return;
  mkdirSync(SHOTS, { recursive: true });
  app = await startApp();
  tenant = await seedTenant(app.url, { company: 'Import Browser Co', executives: ['Erin Exec'] });
  const api = restClient(app.url);
  const temp = 'temporary-pass-1';
  const created = await api.post('/users', tenant.rootToken, {
    name: 'Sam Second',
    email: 'second-admin@import.browser',
    department: 'Ops',
    phoneNumber: '+1 555 0102',
    password: temp,
    role: 'admin',
    company: tenant.company._id,
  });
  const { token } = await api.login(created.email, temp);
  await api.put('/auth/change-password', token, { currentPassword: temp, newPassword: 'browser-pass-2' });
  second = { email: created.email, password: 'browser-pass-2' };
});
after(async () => {
  await browsers.closeAll();
  await app?.stop();
});

test('an admin imports executives: dry run, a rejected row fixed in place, apply; a colleague watches the progress live', { skip }, async () => {
  const watcher = (await browsers.person()).page;
  await signIn(watcher, app.url, second.email, second.password);
  await watcher.waitForURL((u) => u.pathname.startsWith('/admin'));
  await watcher.getByRole('button', { name: 'Import CSV' }).click();
  await watcher.waitForURL((u) => u.pathname === '/admin/executives/import');
  await watcher.getByRole('heading', { name: 'Import executives from CSV' }).waitFor();

  const { page } = await browsers.person();
  await signIn(page, app.url, tenant.admin.email, tenant.admin.password);
  await page.waitForURL((u) => u.pathname.startsWith('/admin'));
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await page.waitForURL((u) => u.pathname === '/admin/executives/import');

  await page.getByLabel('CSV file').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: file() });
  const summary = page.getByTestId('dry-run-summary');
  await eventually(() => summary.textContent(), (t) => t.startsWith(`${ROWS - 1} to create, 0 to update, 0 to deactivate, 1 rejected`));
  // The headers were matched by their synonyms.
  assert.equal(await page.getByLabel('Email', { exact: true }).inputValue(), '1');
  assert.equal(await page.getByLabel('Phone', { exact: true }).inputValue(), '3');
  const rejected = page.locator('tr[data-line="5"]');
  await rejected.getByText('Phone number may contain only digits, spaces and + ( ) - . /').waitFor();
  assert.equal(await rejected.getByText('imported-3@import.browser').count(), 1);
  await shot(page, 'dry-run-1280');
  assert.deepEqual(await axeViolations(page), [], 'the dry run has no serious accessibility violation');
  // At phone width the screen fits: the table scrolls inside its own box.
  await page.setViewportSize({ width: 390, height: 844 });
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no horizontal scroll at 390 px');
  await shot(page, 'dry-run-390');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Fixed in place, checked again: nothing rejected any more.
  await page.getByLabel('Phone on line 5').fill('+1 555 0199');
  await page.getByRole('button', { name: 'Re-run dry run' }).click();
  await eventually(() => summary.textContent(), (t) => t.startsWith(`${ROWS} to create, 0 to update, 0 to deactivate, 0 rejected`));

  await page.getByRole('button', { name: 'Apply import' }).click();
  await toastShown(page, 'Import started');

  // The colleague did nothing: the job and its progress reach their screen over the socket.
  const watched = watcher.locator('li[data-import-id]').first();
  await watched.waitFor();
  await eventually(() => watched.getByTestId('import-counts').textContent(), (t) => t.startsWith(`${ROWS} created, 0 updated`), { timeout: 60_000 });
  await watched.getByText('Done', { exact: true }).waitFor();
  assert.equal(await watched.getByRole('progressbar').getAttribute('aria-valuenow'), String(ROWS));
  const mine = page.locator('li[data-import-id]').first();
  await mine.getByText('Done', { exact: true }).waitFor();
  await shot(page, 'done-1280');

  // The new executives are on the Executives screen, invited to choose their password.
  await page.getByRole('link', { name: 'Back' }).click();
  await page.waitForURL((u) => u.pathname === '/admin/executives');
  await page.getByLabel('Search executives').fill('imported-3@');
  await page.getByText('Imported Person 3', { exact: true }).waitFor();
  await shot(page, 'executives-1280');
});
