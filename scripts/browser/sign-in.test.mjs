// Browser tests for the ways into the app beyond SPEC's password form: an invitation link, "forgot password"
// (and, in the same file, single sign-on through a real OpenID provider).
// Run after `npm run build`: node --test scripts/browser/sign-in.test.mjs (screenshots go to /tmp/shots).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { browserPool, browserSkipReason, seedTenant, signIn, startApp, toastShown } from './harness.mjs';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
const skip = browserSkipReason();
const browsers = browserPool();
const shot = (page, name) => page.screenshot({ path: `${SHOTS}/sign-in-${name}.png`, fullPage: true });
let app;
let tenant;

before(async () => {
  if (skip) return;
  mkdirSync(SHOTS, { recursive: true });
  app = await startApp();
  tenant = await seedTenant(app.url, { company: 'Invite Browser Co', executives: ['Erin Exec'] });
});
after(async () => {
  await browsers.closeAll();
  await app?.stop();
});

test('an admin invites a new executive, who chooses a password through the link and lands on their dashboard; the link then says it was used', { skip }, async () => {
  const { page: admin } = await browsers.person();
  await signIn(admin, app.url, tenant.admin.email, tenant.admin.password);
  await admin.waitForURL(`${app.url}/admin`);
  await admin.goto(`${app.url}/admin/executives`);
  await admin.getByRole('button', { name: 'Add Executive' }).first().click();
  const form = admin.getByRole('dialog');
  await form.getByLabel('Full Name').fill('Nina Newcomer');
  await form.getByLabel('Email').fill('nina@invitebrowserco.test');
  await form.getByLabel('Department').fill('Sales');
  await form.getByLabel('Phone Number').fill('+1 555 0199');
  await form.getByRole('switch', { name: 'Invite them to choose their own password' }).check();
  assert.equal(await form.getByLabel('Temporary Password').count(), 0, 'no temporary password when inviting');
  await form.getByRole('button', { name: 'Create Executive' }).click();

  const dialog = admin.getByRole('dialog', { name: 'Invitation for Nina Newcomer' });
  const link = await dialog.getByLabel('Invitation link').inputValue();
  assert.match(link, /\/set-password#[A-Za-z0-9_-]{43}$/);
  await shot(admin, 'invitation-dialog');
  await dialog.getByRole('button', { name: 'Done' }).click();
  const card = admin.getByRole('article').filter({ hasText: 'Nina Newcomer' });
  await card.getByText('Invited', { exact: true }).waitFor();
  await shot(admin, 'invited-card');

  const { page: nina } = await browsers.person();
  // The link names this install's PUBLIC_URL default (localhost); the test's app listens on 127.0.0.1.
  const path = new URL(link);
  await nina.goto(`${app.url}${path.pathname}${path.hash}`);
  await nina.getByRole('heading', { name: 'Choose your password' }).waitFor();
  await nina.getByLabel('New password', { exact: true }).fill('ninas-own-pass-4');
  await nina.getByLabel('Confirm new password').fill('ninas-own-pass-4');
  await shot(nina, 'choose-password');
  await nina.getByRole('button', { name: 'Set password and sign in' }).click();
  await nina.waitForURL(`${app.url}/executive`);
  await toastShown(nina, 'Your password is set. Welcome!');
  await card.getByText('Invited', { exact: true }).waitFor({ state: 'detached' });

  const { page: again } = await browsers.person();
  await again.goto(`${app.url}${path.pathname}${path.hash}`);
  await again.getByRole('alert').getByText('This link has already been used. Sign in, or ask for a new link').waitFor();
  await shot(again, 'used-link');
});

test('"Forgot your password?" answers without saying whether the account exists', { skip }, async () => {
  const { page } = await browsers.person();
  await page.goto(`${app.url}/login`);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.waitForURL(`${app.url}/forgot-password`);
  await page.getByLabel('Email address').fill('nobody@invitebrowserco.test');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await page.getByRole('status').getByText('If an account exists for this email, a link to choose a new password is on its way').waitFor();
  await shot(page, 'forgot-password');
});
