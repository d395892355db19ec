// Browser tests for the ways into the app beyond the password form: an invitation link, "forgot password"
// (and, in the same file, single sign-on through a real OpenID provider).
// Run after `npm run build`: node --test scripts/browser/sign-in.test.mjs (screenshots go to /tmp/shots).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserPool, browserSkipReason, freePort, restClient, seedTenant, signIn, startApp, toastShown } from './harness.mjs';

const PROVIDER_SCRIPT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'api', 'test', 'utils', 'oidc-provider-process.mjs');
const CLIENT = { id: 'kpi-tracker', secret: 'kpi-tracker-client-secret-for-tests' };

/** The same real OpenID provider the api's suites run (oidc-provider), in its own process. */
async function startProvider(config) {
  const child = spawn(process.execPath, [PROVIDER_SCRIPT], { env: { ...process.env, OIDC_TEST_CONFIG: JSON.stringify(config) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const issuer = await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      output += d;
      const found = /listening (\S+)/.exec(output);
      if (found) resolve(found[1]);
    });
    child.stderr.on('data', (d) => (output += d));
    child.once('exit', (code) => reject(new Error(`the OpenID provider exited (${code}):\n${output}`)));
  });
  return { issuer, stop: () => new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM')))) };
}

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
const skip = browserSkipReason();
const browsers = browserPool();
const shot = (page, name) => page.screenshot({ path: `${SHOTS}/sign-in-${name}.png`, fullPage: true });
let app;
let tenant;
let provider;

before(async () => {
  if (skip) return;
  mkdirSync(SHOTS, { recursive: true });
  // The provider must know the app's return address before either starts: the app gets a port chosen here.
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  provider = await startProvider({
    redirectUris: [`${publicUrl}/api/auth/sso/callback`],
    postLogoutRedirectUris: [`${publicUrl}/login`],
    accounts: { erin: { email: 'exec0@invitebrowserco.test', email_verified: true, name: 'Erin Exec', groups: ['sales'] } },
  });
  app = await startApp({ PORT: String(port), PUBLIC_URL: publicUrl });
  tenant = await seedTenant(app.url, { company: 'Invite Browser Co', executives: ['Erin Exec'] });
});
after(async () => {
  await browsers.closeAll();
  await app?.stop();
  await provider?.stop();
});

test('an admin invites a new executive, who chooses a password through the link and lands on their dashboard; the link then says it was used', { skip }, async () => {
  const { page: admin } = await browsers.person();
  await signIn(admin, app.url, tenant.admin.email, tenant.admin.password);
  await admin.waitForURL(`${app.url}/admin/executives`);
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
  const path = new URL(link);
  await nina.goto(`${app.url}${path.pathname}${path.hash}`);
  await nina.getByRole('heading', { name: 'Choose your password' }).waitFor();
  await nina.getByLabel('New password', { exact: true }).fill('ninas-own-pass-4');
  await nina.getByLabel('Confirm new password').fill('ninas-own-pass-4');
  await shot(nina, 'choose-password');
  await nina.getByRole('button', { name: 'Set password and sign in' }).click();
  await nina.waitForURL(`${app.url}/executive/profile`);
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

test("an executive signs in through the company's identity provider's login page and lands on their dashboard; signing out ends the provider's session too", { skip }, async () => {
  const api = restClient(app.url);
  const { token: adminToken } = await api.login(tenant.admin.email, tenant.admin.password);
  const { page: adminPage } = await browsers.person();
  await signIn(adminPage, app.url, tenant.admin.email, tenant.admin.password);
  await adminPage.waitForURL(`${app.url}/admin/executives`);
  await adminPage.goto(`${app.url}/admin/security`);
  await adminPage.getByLabel('Issuer URL').fill(provider.issuer);
  await adminPage.getByLabel('Client ID').fill(CLIENT.id);
  await adminPage.getByLabel('Client secret').fill(CLIENT.secret);
  await adminPage.getByLabel('Email domains').fill('invitebrowserco.test');
  await adminPage.getByRole('button', { name: 'Test the connection' }).click();
  await adminPage.getByRole('status').getByText(`Connected to ${provider.issuer}. PKCE (S256): yes. Sign-out at the provider: yes.`).waitFor();
  await adminPage.getByRole('button', { name: 'Save sign-in settings' }).click();
  await toastShown(adminPage, 'Sign-in settings saved');
  await shot(adminPage, 'sso-settings');
  const saved = await api.get(`/companies/${tenant.company._id}/sign-in`, adminToken);
  assert.equal(saved.settings.clientSecretSet, true);

  const { page } = await browsers.person();
  await page.goto(`${app.url}/login`);
  await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  await page.getByLabel('Work email').fill('exec0@invitebrowserco.test');
  await shot(page, 'sso-email');
  await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
  await page.waitForURL((url) => url.origin === provider.issuer);
  await page.locator('input[name="login"]').fill('erin');
  await page.locator('input[name="password"]').fill('anything');
  await shot(page, 'sso-provider-login');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.waitForURL(`${app.url}/executive/profile`);
  await toastShown(page, 'Login successful!');
  assert.equal(new URL(page.url()).hash, '', 'no token left in the address bar');
  await page.getByText('Erin Exec').first().waitFor();
  await shot(page, 'sso-dashboard');

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.origin === provider.issuer);
  await page.getByRole('button', { name: /sign me out/i }).click();
  await page.waitForURL(`${app.url}/login`);
});

test('a refused single sign-on says why on the page', { skip }, async () => {
  const { page } = await browsers.person();
  await page.goto(`${app.url}/api/auth/sso/callback?code=made-up&state=made-up`);
  await page.waitForURL(`${app.url}/sso`);
  await page.getByRole('alert').getByText('This sign-in has expired or was started in another browser. Please start again.').waitFor();
  await shot(page, 'sso-refused');
});
