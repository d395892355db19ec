// Browser test for the audit trail (docs/audit.md): an admin has the Audit screen open while another admin of the
// company changes an executive through the API and the superadmin watches every company's trail; the entry appears
// on both screens live (no reload) with its before → after, and "Verify" reports the chain intact. The other
// company's admin, with their Audit screen open, sees nothing of it.
// Run after `npm run build`: node --test scripts/browser/audit.test.mjs (screenshots go to /tmp/shots).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { axeViolations } from './axe.mjs';
import { SUPERADMIN, browserPool, browserSkipReason, restClient, seedTenant, signIn, startApp, trackNavigations } from './harness.mjs';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
const skip = browserSkipReason();
let app;
let api;
let acme;
let other;
let secondAdminToken;
const browsers = browserPool();
const shot = (page, name) => page.screenshot({ path: `${SHOTS}/audit-${name}.png`, fullPage: true });

before(async () => {
  if (skip) return;
  mkdirSync(SHOTS, { recursive: true });
  app = await startApp();
  api = restClient(app.url);
  acme = await seedTenant(app.url, { company: 'Audit Browser Co', executives: ['Erin Exec', 'Sam Sales'] });
  other = await seedTenant(app.url, { company: 'Other Browser Co', executives: ['Olga Other'] });
  // A second admin of the same company, who makes the change.
  await api.post('/users', acme.rootToken, { name: 'Blake Admin', email: 'blake@auditbrowserco.test', department: 'Ops', phoneNumber: '+1 555 0102', password: 'browser-pass-2', role: 'admin', company: acme.company._id });
  secondAdminToken = (await api.login('blake@auditbrowserco.test', 'browser-pass-2')).token;
});
after(async () => {
  await browsers.closeAll();
  await app?.stop();
});

/** Signs in and opens the Audit tab; answers the page with its list of entries in view. */
async function openAudit(email, password, area) {
  const { page } = await browsers.person();
  await signIn(page, app.url, email, password);
  await page.waitForURL((u) => u.pathname.startsWith(`/${area}/`));
  await page.getByRole('navigation', { name: /sections$/ }).getByRole('link', { name: 'Audit', exact: true }).click();
  await page.waitForURL((u) => u.pathname === `/${area}/audit`);
  await page.getByRole('heading', { name: 'Audit', exact: true }).waitFor();
  await page.getByRole('list', { name: 'Audit entries' }).waitFor();
  return page;
}

test("an entry made by another admin appears live on the admin's and the superadmin's Audit screens; Verify finds the chain intact", { skip }, async () => {
  const admin = await openAudit(acme.admin.email, acme.admin.password, 'admin');
  const root = await openAudit(SUPERADMIN.email, SUPERADMIN.password, 'superadmin');
  const outsider = await openAudit(other.admin.email, other.admin.password, 'admin');
  const navigations = [admin, root].map(trackNavigations);
  // The seeding's own entries are there: the executives the admin created.
  await admin.getByTestId('audit-entry').filter({ hasText: 'Person created' }).filter({ hasText: 'Erin Exec' }).first().waitFor();
  await shot(admin, 'list-1280');

  // Another admin moves Sam from Marketing to Finance, through the API.
  const sam = acme.executives.find((e) => e.name === 'Sam Sales');
  await api.put(`/users/${sam._id}`, secondAdminToken, { department: 'Finance' });

  for (const page of [admin, root]) {
    const entry = page.getByTestId('audit-entry').filter({ hasText: 'Person updated' }).filter({ hasText: 'Blake Admin' });
    await entry.waitFor();
    assert.match(await entry.textContent(), /department: Marketing → Finance/);
    assert.match(await entry.textContent(), /Sam Sales/);
  }
  // The superadmin's list names the company.
  assert.match(await root.getByTestId('audit-entry').filter({ hasText: 'Blake Admin' }).first().textContent(), /Audit Browser Co/);
  assert.deepEqual(
    navigations.map((n) => n.length),
    [0, 0],
    'the entries arrived without a reload',
  );
  // The other company's admin never sees it.
  assert.equal(await outsider.getByText('Blake Admin').count(), 0);
  assert.equal(await outsider.getByText('Sam Sales').count(), 0);

  await admin.getByRole('button', { name: 'Verify' }).click();
  const verdict = admin.getByRole('status').filter({ hasText: 'Chain intact' });
  await verdict.waitFor();
  assert.match(await verdict.textContent(), /\d+ entries checked/);
  await shot(admin, 'verified-1280');
  assert.deepEqual(await axeViolations(admin), [], 'the Audit screen has no serious accessibility violation');

  // Filtering by kind asks the server again: only that kind is listed.
  await admin.getByLabel('Kind').selectOption('user.updated');
  await admin.getByTestId('audit-entry').first().waitFor();
  const kinds = await admin.getByTestId('audit-entry').evaluateAll((rows) => rows.map((r) => r.querySelector('span')?.textContent));
  assert.ok(kinds.length > 0 && kinds.every((k) => k === 'Person updated'), `only Person updated is listed, got ${kinds}`);
  await root.getByLabel('Company').selectOption({ label: 'Audit Browser Co' });
  await root.getByRole('button', { name: 'Verify' }).click();
  await root.getByRole('status').filter({ hasText: 'Chain intact' }).waitFor();
  await shot(root, 'superadmin-1280');
});
