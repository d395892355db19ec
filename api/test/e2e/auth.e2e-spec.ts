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
  beforeAll(async () => (t = await startTestApp({ LOGIN_RATE_LIMIT: '3' })));
  afterAll(() => t.close());

  it('answers 429 after too many sign-in attempts for one email', async () => {
    const attempt = () => t.http.post('/api/auth/login').send({ email: 'victim@kpi.test', password: 'guess-guess' });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    const res = await attempt();
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('TOO_MANY_REQUESTS');
    // Another account from the same address is not locked out.
    expect((await t.http.post('/api/auth/login').send({ email: SUPERADMIN.email, password: SUPERADMIN.password })).status).toBe(200);
  });
});
