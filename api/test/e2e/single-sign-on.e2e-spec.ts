import { MikroORM } from '@mikro-orm/core';
import { createHash } from 'node:crypto';
import { bearer, createMember, createTenant, superadminLogin, type Tenant } from '../utils/factories';
import { OIDC_CLIENT, startTestProvider, type TestProvider } from '../utils/oidc-provider';
import { SUPERADMIN, startTestApp, type TestApp } from '../utils/test-app';

const PUBLIC_URL = 'http://kpi.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/sso/callback`;

/**
 * Single sign-on against a real OpenID provider (oidc-provider in its own process): the authorization code
 * flow with PKCE, state and nonce, and every refusal a person can meet, read as the /sso page shows it.
 */
describe('single sign-on per company (OpenID Connect)', () => {
  let t: TestApp;
  let provider: TestProvider;
  let root: string;
  let northwind: Tenant;
  let contoso: Tenant;
  let erinPassword: string;

  beforeAll(async () => {
    provider = await startTestProvider({
      redirectUris: [CALLBACK],
      postLogoutRedirectUris: [`${PUBLIC_URL}/login`],
      accounts: {
        erin: { email: 'erin@northwind.test', email_verified: true, name: 'Erin Exec', groups: ['sales'] },
        nora: { email: 'nora@northwind.test', email_verified: true, name: 'Nora New', groups: ['sales'] },
        ada: { email: 'ada@northwind.test', email_verified: true, name: 'Ada Admin', groups: ['superadmin', 'kpi-admins'] },
        max: { email: 'max@northwind.test', email_verified: true, name: 'Max Marketing', groups: ['marketing'] },
        una: { email: 'una@northwind.test', email_verified: false, name: 'Una Unverified', groups: ['sales'] },
        bob: { email: 'bob@contoso.test', email_verified: true, name: 'Bob Contoso' },
        root: { email: SUPERADMIN.email, email_verified: true, name: 'Someone claiming root' },
      },
    });
    t = await startTestApp({ PUBLIC_URL });
    root = (await superadminLogin(t)).token;
    northwind = await createTenant(t, root, 0);
    contoso = await createTenant(t, root, 0);
    const erin = await t.http
      .post('/api/users')
      .set(bearer(northwind.admin.token))
      .send({ name: 'Erin Exec', email: 'erin@northwind.test', department: 'Sales', phoneNumber: '+1 555 0100', role: 'executive', password: 'erins-password-1' });
    expect(erin.status).toBe(201);
    erinPassword = 'erins-password-1';
    await t.http
      .post('/api/users')
      .set(bearer(contoso.admin.token))
      .send({ name: 'Bob Contoso', email: 'bob@contoso.test', department: 'Sales', phoneNumber: '+1 555 0100', role: 'executive', password: 'bobs-password-12' })
      .expect(201);
    await saveSettings({});
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  const saveSettings = (changes: Record<string, unknown>, token = northwind.admin.token) =>
    t.http
      .put(`/api/companies/${northwind.company._id}/sign-in`)
      .set(bearer(token))
      .send({
        issuer: provider.issuer,
        clientId: OIDC_CLIENT.id,
        clientSecret: OIDC_CLIENT.secret,
        domains: ['northwind.test'],
        groupRoles: [
          { group: 'kpi-admins', role: 'admin' },
          { group: 'sales', role: 'executive' },
        ],
        createOnFirstSignIn: false,
        ssoRequired: false,
        ...changes,
      })
      .then((res) => {
        expect(res.status).toBe(200);
        return res;
      });

  /** POST /auth/sso/start as the sign-in form does: the provider's URL, and the flow cookie the browser keeps. */
  async function start(email: string) {
    const res = await t.http.post('/api/auth/sso/start').send({ email });
    expect(res.status).toBe(200);
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('kpi_sso_flow='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    return { authorizationUrl: res.body.authorizationUrl as string, cookie: cookie!.split(';')[0] };
  }

  /** The provider's redirect back, followed by the browser: what the /sso page gets in its fragment. */
  async function back(callback: URL, cookie: string | null) {
    const req = t.http.get(`${callback.pathname}${callback.search}`);
    const res = await (cookie ? req.set('Cookie', cookie) : req);
    expect(res.status).toBe(303);
    const location = res.headers.location;
    expect(location.startsWith('/sso#')).toBe(true);
    return Object.fromEntries(new URLSearchParams(location.slice('/sso#'.length)));
  }

  async function signInAs(login: string, email: string) {
    const flow = await start(email);
    return back(await provider.signIn(flow.authorizationUrl, login), flow.cookie);
  }

  const whoIs = async (token: string) => (await t.http.get('/api/auth/verify').set(bearer(token)).expect(200)).body.user;

  it('a full code flow with PKCE (S256), state and nonce signs an existing executive in', async () => {
    const flow = await start('Erin@Northwind.test');
    const asked = new URL(flow.authorizationUrl);
    expect(asked.origin).toBe(provider.issuer);
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
    expect(asked.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(asked.searchParams.get('state')).toBeTruthy();
    expect(asked.searchParams.get('nonce')).toBeTruthy();
    expect(asked.searchParams.get('redirect_uri')).toBe(CALLBACK);
    const outcome = await back(await provider.signIn(flow.authorizationUrl, 'erin'), flow.cookie);
    expect(outcome.error).toBeUndefined();
    expect(await whoIs(outcome.token)).toMatchObject({ email: 'erin@northwind.test', role: 'executive', company: { _id: northwind.company._id } });
    // The provider offers an end-session URL: signing out of the app ends the provider's session too.
    expect(new URL(outcome.logout).origin).toBe(provider.issuer);
    expect(new URL(outcome.logout).searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/login`);
  });

  it('first sign-in: refused while "create on first sign-in" is off, creates the person once it is on', async () => {
    expect((await signInAs('nora', 'nora@northwind.test')).error).toBe(`${northwind.company.name} has no account for nora@northwind.test. Ask your administrator to add you.`);
    await saveSettings({ createOnFirstSignIn: true });
    const outcome = await signInAs('nora', 'nora@northwind.test');
    expect(await whoIs(outcome.token)).toMatchObject({ email: 'nora@northwind.test', name: 'Nora New', role: 'executive', company: { _id: northwind.company._id } });
    const listed = await t.http.get(`/api/users/company/${northwind.company._id}`).set(bearer(northwind.admin.token)).query({ search: 'nora@' });
    expect(listed.body.map((u: { email: string; signIn: string }) => [u.email, u.signIn])).toEqual([['nora@northwind.test', 'active']]);
    // The same person again is the same account.
    expect((await whoIs((await signInAs('nora', 'nora@northwind.test')).token))._id).toBe(listed.body[0]._id);
  });

  it('group → role mapping gives admin or executive, never superadmin; groups outside the mapping get no account', async () => {
    await saveSettings({ createOnFirstSignIn: true });
    expect(await whoIs((await signInAs('ada', 'ada@northwind.test')).token)).toMatchObject({ role: 'admin', company: { _id: northwind.company._id } });
    expect((await signInAs('max', 'max@northwind.test')).error).toBe(`Your groups at the identity provider give no access to ${northwind.company.name}.`);
    const mapped = await t.http
      .put(`/api/companies/${northwind.company._id}/sign-in`)
      .set(bearer(root))
      .send({ issuer: provider.issuer, clientId: OIDC_CLIENT.id, domains: ['northwind.test'], groupRoles: [{ group: 'superadmin', role: 'superadmin' }] });
    expect(mapped.status).toBe(400);
    expect(mapped.body).toMatchObject({ field: 'groupRoles.0.role', message: 'A group maps to admin or executive' });
  });

  it("a person of another company is refused, and so is the superadmin's email through a company's provider", async () => {
    // Bob's provider account says bob@contoso.test; his account here is Contoso's.
    expect((await signInAs('bob', 'someone@northwind.test')).error).toBe('bob@contoso.test belongs to another company here. Sign in through your own company.');
    expect((await signInAs('root', 'someone@northwind.test')).error).toBe(`${SUPERADMIN.email} belongs to another company here. Sign in through your own company.`);
  });

  it('an unverified email is refused', async () => {
    expect((await signInAs('una', 'una@northwind.test')).error).toBe('Your identity provider has not verified una@northwind.test. Verify it there, then sign in again.');
  });

  it('a tampered state is refused', async () => {
    const flow = await start('erin@northwind.test');
    const callback = await provider.signIn(flow.authorizationUrl, 'erin');
    callback.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    expect((await back(callback, flow.cookie)).error).toBe('This sign-in could not be verified: its state does not match the one this browser started. Please start again.');
  });

  it('a replayed code is refused, with or without the flow cookie', async () => {
    const flow = await start('erin@northwind.test');
    const callback = await provider.signIn(flow.authorizationUrl, 'erin');
    expect((await back(callback, flow.cookie)).token).toBeTruthy();
    expect((await back(callback, flow.cookie)).error).toBe('This sign-in was already used or has expired. Please start again.');
    expect((await back(callback, null)).error).toBe('This sign-in has expired or was started in another browser. Please start again.');
  });

  it('an ID token issued for another nonce is refused', async () => {
    const flow = await start('erin@northwind.test');
    // The flow cookie is signed, not secret: its state and verifier are the browser's own. Ask the provider for a
    // code with them but another nonce, as an attacker injecting a code from their own authorization would.
    const { state, codeVerifier } = JSON.parse(Buffer.from(decodeURIComponent(flow.cookie.split('=')[1]).split('.')[1], 'base64url').toString());
    const forged = new URL(`${provider.issuer}/auth`);
    forged.search = new URLSearchParams({
      client_id: OIDC_CLIENT.id,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid email',
      state,
      nonce: 'a-nonce-this-flow-never-made',
      code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    expect((await back(await provider.signIn(forged.href, 'erin'), flow.cookie)).error).toBe(
      'This sign-in could not be verified: the identity token was not issued for it (nonce). Please start again.',
    );
  });

  it('an email domain no company signs in with is a clear 404 at start', async () => {
    const res = await t.http.post('/api/auth/sso/start').send({ email: 'someone@nowhere.test' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Single sign-on for this email domain not found');
  });

  it('"SSO required" refuses the password, and password links; the break-glass superadmin still signs in with one', async () => {
    await saveSettings({ ssoRequired: true });
    const refused = await t.http.post('/api/auth/login').send({ email: 'erin@northwind.test', password: erinPassword });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Your company signs in with single sign-on. Use "Sign in with single sign-on" below.');
    // A wrong password still says only that.
    expect((await t.http.post('/api/auth/login').send({ email: 'erin@northwind.test', password: 'wrong-password-1' })).body.message).toBe('Invalid email or password');
    expect((await t.http.post('/api/auth/login').send(SUPERADMIN)).status).toBe(200);
    const member = (await t.http.get(`/api/users/company/${northwind.company._id}`).set(bearer(northwind.admin.token)).query({ search: 'erin@' })).body[0];
    expect((await t.http.post(`/api/users/${member._id}/invitation`).set(bearer(northwind.admin.token))).status).toBe(409);
    // Another company's people are not affected.
    expect((await t.http.post('/api/auth/login').send({ email: 'bob@contoso.test', password: 'bobs-password-12' })).status).toBe(200);
    expect((await signInAs('erin', 'erin@northwind.test')).token).toBeTruthy();
    await saveSettings({ ssoRequired: false });
  });

  it('settings: the secret is stored sealed and never sent back; another company cannot read them; the connection test runs discovery', async () => {
    const read = await t.http.get(`/api/companies/${northwind.company._id}/sign-in`).set(bearer(northwind.admin.token));
    expect(read.status).toBe(200);
    expect(read.body.settings).toMatchObject({ issuer: provider.issuer, clientId: OIDC_CLIENT.id, clientSecretSet: true, domains: ['northwind.test'], redirectUri: CALLBACK });
    expect(JSON.stringify(read.body)).not.toContain(OIDC_CLIENT.secret);
    const stored = await t.app.get(MikroORM).em.getConnection().execute('select client_secret_sealed from company_sign_in');
    expect(JSON.stringify(stored)).not.toContain(OIDC_CLIENT.secret);
    // Saving without a secret keeps the saved one.
    await saveSettings({ clientSecret: undefined });
    expect((await signInAs('erin', 'erin@northwind.test')).token).toBeTruthy();

    expect((await t.http.get(`/api/companies/${northwind.company._id}/sign-in`).set(bearer(contoso.admin.token))).status).toBe(404);
    const executive = await createMember(t, northwind.admin.token, 'executive', northwind.company._id);
    expect((await t.http.get(`/api/companies/${northwind.company._id}/sign-in`).set(bearer(executive.token))).status).toBe(403);
    const taken = await t.http
      .put(`/api/companies/${contoso.company._id}/sign-in`)
      .set(bearer(contoso.admin.token))
      .send({ issuer: provider.issuer, clientId: 'x', clientSecret: 'y', domains: ['northwind.test'] });
    expect(taken.status).toBe(409);

    const tested = await t.http.post(`/api/companies/${northwind.company._id}/sign-in/test`).set(bearer(northwind.admin.token)).send({ issuer: provider.issuer });
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ issuer: provider.issuer, endSession: true, pkce: true });
    const unreachable = await t.http.post(`/api/companies/${northwind.company._id}/sign-in/test`).set(bearer(northwind.admin.token)).send({ issuer: 'http://127.0.0.1:1' });
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.field).toBe('issuer');
  });
});
