// Browser tests for the platform: sign-in per role, area guards, company and admin management, live lists.
// Run after `npm run build`: node --test scripts/browser/platform.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { SUPERADMIN, browserPool, browserSkipReason, eventually, restClient, seedTenant, signIn, startApp, trackNavigations } from './harness.mjs';

const skip = browserSkipReason();
let app;
let tenant;
const browsers = browserPool();
const person = async () => (await browsers.person()).page;

before(async () => {
  if (skip) return;
  app = await startApp();
  tenant = await seedTenant(app.url, { company: 'Platform Browser Co', executives: ['Erin Exec'] });
});
after(async () => {
  await browsers.closeAll();
  await app?.stop();
});

test('each role signs in and lands in its own area', { skip }, async () => {
  const cases = [
    [SUPERADMIN.email, SUPERADMIN.password, '/superadmin/companies', 'Company Management'],
    [tenant.admin.email, tenant.admin.password, '/admin/executives', 'Executive Management'],
    [tenant.executives[0].email, tenant.executives[0].password, '/executive/profile', 'My Profile'],
  ];
  for (const [email, password, area, heading] of cases) {
    const page = await person();
    await signIn(page, app.url, email, password);
    await page.waitForURL(`${app.url}${area}`);
    await page.getByRole('heading', { name: heading }).first().waitFor();
    await page.getByText('Login successful!').waitFor();
    // Already signed in: the sign-in routes send the user home again.
    await page.goto(`${app.url}/login`);
    await page.waitForURL(`${app.url}${area}`);
  }
});

test('the sign-in screen shows the product, toggles the password and reports a failure', { skip }, async () => {
  const page = await person();
  await page.goto(app.url);
  await page.getByText('KPI Tracker').first().waitFor();
  await page.getByText('Executive KPI Tracker').first().waitFor();
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('wrong-password');
  assert.equal(await password.getAttribute('type'), 'password');
  await page.getByRole('button', { name: /show password/i }).click();
  await eventually(() => password.getAttribute('type'), (type) => type === 'text', { message: 'Show password turns the field to text' });
  await page.getByLabel('Email').fill(SUPERADMIN.email);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByText('Invalid email or password').waitFor();
  assert.equal(new URL(page.url()).pathname, '/');
});

test('guarded areas send visitors and the wrong role to /login, replacing history', { skip }, async () => {
  const page = await person();
  await page.goto(`${app.url}/admin/executives`);
  await page.waitForURL(`${app.url}/login`);
  await signIn(page, app.url, tenant.executives[0].email, tenant.executives[0].password);
  await page.waitForURL(`${app.url}/executive/profile`);
  for (const area of ['/superadmin', '/admin/tasks']) {
    await page.goto(`${app.url}${area}`);
    await page.waitForURL(`${app.url}/login`);
  }
  // A stale token is dropped: the server answers 401 and the client goes to /login.
  await page.evaluate(() => localStorage.setItem('token', 'stale.token.value'));
  await page.goto(`${app.url}/executive`);
  await page.waitForURL(`${app.url}/login`);
  await eventually(() => page.evaluate(() => localStorage.getItem('token')), (token) => token === null, { message: 'the stale token is deleted' });
});

test('the superadmin creates, edits and deletes a company through the UI', { skip }, async () => {
  const page = await person();
  await signIn(page, app.url, SUPERADMIN.email, SUPERADMIN.password);
  await page.waitForURL(`${app.url}/superadmin/companies`);
  await page.getByRole('button', { name: 'Add Company' }).click();
  await page.getByLabel('Company Name').fill('Umbrella Analytics');
  await page.getByLabel('Industry').fill('Research');
  await page.getByLabel('Description').fill('Data science consultancy');
  assert.equal(await page.getByLabel('Description').getAttribute('rows'), '3');
  await page.getByRole('button', { name: 'Create Company' }).click();
  await page.getByText('Company created successfully').waitFor();
  const card = page.locator('article', { hasText: 'Umbrella Analytics' });
  await card.getByText('Research').waitFor();

  await card.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Industry').fill('Biotech');
  await page.getByRole('button', { name: 'Update Company' }).click();
  await page.getByText('Company updated successfully').waitFor();
  await card.getByText('Biotech').waitFor();

  let asked = '';
  page.once('dialog', (d) => {
    asked = d.message();
    void d.accept();
  });
  await card.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Company deleted successfully').waitFor();
  assert.equal(asked, 'Are you sure you want to delete this company?');
  await card.waitFor({ state: 'detached' });
  const api = restClient(app.url);
  const companies = await api.get('/companies', tenant.rootToken);
  assert.equal(companies.some((c) => c.name === 'Umbrella Analytics'), false);
});

test('the superadmin creates, edits and deletes an admin through the UI', { skip }, async () => {
  const page = await person();
  await signIn(page, app.url, SUPERADMIN.email, SUPERADMIN.password);
  await page.waitForURL(`${app.url}/superadmin/companies`);
  await page.goto(`${app.url}/superadmin/admins`);
  await page.getByRole('button', { name: 'Add Admin' }).click();
  await page.getByLabel('Full Name').fill('Quinn Admin');
  await page.getByLabel('Email').fill('quinn@platformbrowserco.test');
  await page.getByLabel('Department').fill('People');
  await page.getByLabel('Phone Number').fill('+1 555 0199');
  await page.getByLabel('Company').selectOption({ label: 'Platform Browser Co' });
  await page.getByText('Admin will be required to change this').waitFor();
  await page.getByLabel('Temporary Password').fill('temporary-pass-9');
  await page.getByRole('button', { name: 'Create Admin' }).click();
  await page.getByText('Admin created successfully').waitFor();
  const card = page.locator('article', { hasText: 'Quinn Admin' });
  await card.getByText('Platform Browser Co').waitFor();
  await card.getByText('Active', { exact: true }).waitFor();

  await card.getByRole('button', { name: 'Edit' }).click();
  // The edit form is open (its own submit button shows) before its fields are checked.
  await page.getByRole('button', { name: 'Update Admin' }).waitFor();
  assert.equal(await page.getByLabel('Temporary Password').count(), 0);
  await page.getByLabel('Department').fill('Finance');
  await page.getByRole('button', { name: 'Update Admin' }).click();
  await page.getByText('Admin updated successfully').waitFor();
  await card.getByText('Finance').waitFor();

  page.once('dialog', (d) => {
    assert.equal(d.message(), 'Are you sure you want to delete this admin?');
    void d.accept();
  });
  await card.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Admin deleted successfully').waitFor();
  await card.waitFor({ state: 'detached' });
});

test("an admin's executive list updates live when another session adds an executive", { skip }, async () => {
  const watcher = await person();
  await signIn(watcher, app.url, tenant.admin.email, tenant.admin.password);
  await watcher.waitForURL(`${app.url}/admin/executives`);
  await watcher.locator('article', { hasText: 'Erin Exec' }).waitFor();

  const actor = await person();
  await signIn(actor, app.url, tenant.admin.email, tenant.admin.password);
  await actor.waitForURL(`${app.url}/admin/executives`);
  await actor.getByRole('button', { name: 'Add Executive' }).click();
  await actor.getByLabel('Full Name').fill('Nadia Newhire');
  await actor.getByLabel('Email').fill('nadia@platformbrowserco.test');
  await actor.getByLabel('Department').fill('Sales');
  await actor.getByLabel('Phone Number').fill('+1 555 0123');
  await actor.getByLabel('Temporary Password').fill('temporary-pass-2');
  await actor.getByRole('button', { name: 'Create Executive' }).click();
  await actor.getByText('Executive created successfully').waitFor();

  // The first session never reloaded: the card arrives over the socket.
  const navigations = trackNavigations(watcher);
  await watcher.locator('article', { hasText: 'Nadia Newhire' }).waitFor({ timeout: 5000 });
  assert.deepEqual(navigations, []);
});
