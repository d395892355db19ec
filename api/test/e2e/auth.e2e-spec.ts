import { bearer, createTenant, superadminLogin } from '../utils/factories';
import { login, SUPERADMIN, startTestApp, type TestApp } from '../utils/test-app';

describe('auth', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  it('signs in with email and password and returns a token and the user without secrets', async () => {
    const res = await t.http.post('/api/auth/login').send({ email: SUPERADMIN.email.toUpperCase(), password: SUPERADMIN.password });
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
    expect(res.body.user).toMatchObject({ email: SUPERADMIN.email, role: 'superadmin', company: null });
    expect(res.body.user._id).toBe(res.body.user.id);
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|argon2/);
  });

  it.each([
    [{ password: 'x' }, 'Email is required', 'email'],
    [{ email: 'a@b.co' }, 'Password is required', 'password'],
    [{ email: '', password: 'x' }, 'Email is required', 'email'],
  ])('refuses %p with a message naming the field', async (body, message, field) => {
    const res = await t.http.post('/api/auth/login').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, message, code: 'VALIDATION', field });
  });

  it('answers the same 401 for an unknown email and a wrong password', async () => {
    const a = await t.http.post('/api/auth/login').send({ email: 'nobody@kpi.test', password: 'whatever-1' });
    const b = await t.http.post('/api/auth/login').send({ email: SUPERADMIN.email, password: 'wrong-password' });
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    expect(a.body.message).toBe('Invalid email or password');
    expect(b.body.message).toBe(a.body.message);
  });

  it('refuses a body that is not JSON without a 500', async () => {
    const res = await t.http.post('/api/auth/login').set('Content-Type', 'application/json').send('{"email": ');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The request body is not valid JSON');
    expect(res.text).not.toMatch(/at .*\.js/);
  });

  it('verifies a token and refuses a missing, malformed or forged one', async () => {
    const { token } = await superadminLogin(t);
    const ok = await t.http.get('/api/auth/verify').set(bearer(token));
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe(SUPERADMIN.email);
    expect((await t.http.get('/api/auth/verify')).status).toBe(401);
    expect((await t.http.get('/api/auth/verify').set(bearer('not-a-jwt'))).status).toBe(401);
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const res = await t.http.get('/api/auth/verify').set(bearer(forged));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ statusCode: 401, message: 'Please sign in again', code: 'UNAUTHENTICATED' });
  });

  describe('change password', () => {
    it('requires 8 characters and the right current password', async () => {
      const root = await superadminLogin(t);
      const { executives } = await createTenant(t, root.token, 1);
      const exec = executives[0];
      const short = await t.http.put('/api/auth/change-password').set(bearer(exec.token)).send({ currentPassword: exec.password, newPassword: 'short' });
      expect(short.status).toBe(400);
      expect(short.body.message).toBe('Password must be at least 8 characters long');
      expect(short.body.field).toBe('newPassword');
      const wrong = await t.http.put('/api/auth/change-password').set(bearer(exec.token)).send({ currentPassword: 'not-my-password', newPassword: 'a-new-password' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.field).toBe('currentPassword');
    });

    it('clears mustChangePassword, ends other sessions and hands this one a fresh token', async () => {
      const root = await superadminLogin(t);
      const { executives } = await createTenant(t, root.token, 1);
      const exec = executives[0];
      expect(exec.user.mustChangePassword).toBe(true);
      const otherSession = await login(t, exec.user.email, exec.password);

      const res = await t.http.put('/api/auth/change-password').set(bearer(exec.token)).send({ currentPassword: exec.password, newPassword: 'my-own-password' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Password changed successfully', token: expect.any(String) });

      expect((await t.http.get('/api/auth/verify').set(bearer(otherSession.token))).status).toBe(401);
      expect((await t.http.get('/api/auth/verify').set(bearer(exec.token))).status).toBe(401);
      const fresh = await t.http.get('/api/auth/verify').set(bearer(res.body.token));
      expect(fresh.status).toBe(200);
      expect(fresh.body.user.mustChangePassword).toBe(false);

      expect((await t.http.post('/api/auth/login').send({ email: exec.user.email, password: exec.password })).status).toBe(401);
      expect((await t.http.post('/api/auth/login').send({ email: exec.user.email, password: 'my-own-password' })).status).toBe(200);
    });
  });

  it('refuses deactivated users at sign-in and ends their tokens', async () => {
    const root = await superadminLogin(t);
    const { admin, executives } = await createTenant(t, root.token, 1);
    const exec = executives[0];
    const res = await t.http.put(`/api/users/${exec.user._id}`).set(bearer(admin.token)).send({ isActive: false });
    expect(res.status).toBe(200);
    expect(res.body.isActive).toBe(false);
    expect((await t.http.get('/api/auth/verify').set(bearer(exec.token))).status).toBe(401);
    const again = await t.http.post('/api/auth/login').send({ email: exec.user.email, password: exec.password });
    expect(again.status).toBe(401);
    expect(again.body.message).toMatch(/deactivated/);
  });
});

describe('auth rate limit', () => {
  let t: TestApp;
  // TRUST_PROXY lets the test speak from several addresses through X-Forwarded-For.
  beforeAll(async () => (t = await startTestApp({ LOGIN_RATE_LIMIT: '20', TRUST_PROXY: 'true' })));
  afterAll(() => t.close());
  const from = (address: string, email: string, password: string) => t.http.post('/api/auth/login').set('X-Forwarded-For', address).send({ email, password });

  it('locks an account after 10 failures, for every address, even with the right password', async () => {
    const root = await superadminLogin(t);
    const { executives } = await createTenant(t, root.token, 2);
    const [victim, bystander] = executives;
    for (let i = 0; i < 10; i++) expect((await from(`198.51.100.${i}`, victim.user.email, 'guess-guess')).status).toBe(401);
    const locked = await from('203.0.113.9', victim.user.email, victim.password);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message: 'Too many failed sign-ins for this account, please try again in 15 minutes' });
    // Another account is not locked out.
    expect((await from('198.51.100.1', bystander.user.email, bystander.password)).status).toBe(200);
  });

  it('an unknown email is counted and locked the same way, so a lock reveals nothing', async () => {
    for (let i = 0; i < 10; i++) expect((await from('192.0.2.50', 'nobody-here@kpi.test', 'guess-guess')).status).toBe(401);
    expect((await from('192.0.2.51', 'nobody-here@kpi.test', 'guess-guess')).status).toBe(429);
  });

  it('one address has a budget of failures across accounts (spraying), another address does not share it', async () => {
    for (let i = 0; i < 20; i++) expect((await from('192.0.2.77', `spray-${i}@kpi.test`, 'guess-guess')).status).toBe(401);
    const res = await from('192.0.2.77', SUPERADMIN.email, SUPERADMIN.password);
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect((await from('192.0.2.78', SUPERADMIN.email, SUPERADMIN.password)).status).toBe(200);
  });

  it('a burst of parallel guesses from one address is cut at the budget, not after every guess was checked', async () => {
    const statuses = await Promise.all(Array.from({ length: 60 }, (_, i) => from('192.0.2.90', `burst-${i}@kpi.test`, 'guess-guess').then((r) => r.status)));
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(20);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40);
  });

  it('successful sign-ins cost an address nothing: 3 times its budget of colleagues sign in, then a typo still gets 401', async () => {
    const root = await superadminLogin(t);
    const { executives } = await createTenant(t, root.token, 3);
    for (let i = 0; i < 60; i++) {
      const colleague = executives[i % executives.length];
      expect((await from('192.0.2.120', colleague.user.email, colleague.password)).status).toBe(200);
    }
    expect((await from('192.0.2.120', executives[0].user.email, 'a-typo-here')).status).toBe(401);
  });

  it('password changes are limited per user', async () => {
    const root = await superadminLogin(t);
    const { executives } = await createTenant(t, root.token, 1);
    const change = () => t.http.put('/api/auth/change-password').set(bearer(executives[0].token)).send({ currentPassword: 'not-my-password', newPassword: 'tangerine-otter-7' });
    for (let i = 0; i < 5; i++) expect((await change()).status).toBe(400);
    expect((await change()).status).toBe(429);
  });
});
