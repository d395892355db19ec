import { io } from 'socket.io-client';
import { bearer, createTenant, superadminLogin } from '../utils/factories';
import { forgedTokens } from '../utils/forged-tokens';
import { routeTable } from '../utils/route-table';
import { startTestApp, type TestApp } from '../utils/test-app';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-0123';

describe('request edges', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    const root = await superadminLogin(t);
    admin = (await createTenant(t, root.token, 1)).admin.token;
  });
  afterAll(() => t.close());

  it('every answer carries the security headers and no X-Powered-By', async () => {
    for (const res of [await t.http.get('/api/health'), await t.http.get('/api/auth/verify').set(bearer(admin)), await t.http.get('/api/auth/verify')]) {
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers).not.toHaveProperty('x-powered-by');
    }
  });

  it('a 200 kB JSON body answers 413, not 404', async () => {
    const res = await t.http
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(200_000) }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ statusCode: 413, message: 'The request body is too large (at most 100kb)', code: 'VALIDATION' });
  });

  it.each([
    ['application/x-www-form-urlencoded', 'email=a%40b.co&password=x'],
    ['text/plain', '{"email":"a@b.co","password":"x"}'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--x--'],
    // The parser would decode this one byte as UTF-16 to nothing and hand the route `{}` (found by the fuzz suite).
    ['application/json; charset=utf-16', 'k'],
    ['application/json; charset=latin1', '{"email":"a@b.co","password":"x"}'],
  ])('a %s body is refused with 415', async (type, body) => {
    const res = await t.http.post('/api/auth/login').set('Content-Type', type).send(body);
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('The request body must be UTF-8 JSON (Content-Type: application/json)');
  });

  it('every :id route answers a NUL, a slash or an overlong id with 404, never 500', async () => {
    const withIds = routeTable(t.app).filter((r) => /:[A-Za-z]+/.test(r.path) && !r.path.includes(':year'));
    expect(withIds.length).toBeGreaterThan(10);
    for (const bad of ['%00', 'abc%00def', '..%2F..%2Fetc', 'x'.repeat(300), '%E2%80%AE']) {
      for (const r of withIds) {
        const path = r.path.replace(/:[A-Za-z]+/g, bad);
        const res = await t.http[r.method](path).set(bearer(admin)).set('Content-Type', 'application/json').send('{}');
        expect([400, 401, 403, 404]).toContain(res.status);
        expect(res.text).not.toMatch(/\bat .*\.(js|ts):\d+/);
      }
    }
  });

  it('?company= with a NUL, an array or an overlong value is a 400 naming the field', async () => {
    const root = await superadminLogin(t);
    for (const q of ['company=%00', 'company=a&company=b', `company=${'x'.repeat(100)}`]) {
      const res = await t.http.get(`/api/tasks?${q}`).set(bearer(root.token));
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('company');
    }
  });
});

describe('forged tokens are refused on REST and on the socket handshake', () => {
  let t: TestApp;
  let forged: Record<string, string>;
  let genuine: string;
  beforeAll(async () => {
    t = await startTestApp();
    genuine = (await superadminLogin(t)).token;
    forged = forgedTokens(genuine, SECRET);
  });
  afterAll(() => t.close());

  const handshake = (token: string) =>
    new Promise<'accepted' | 'refused'>((resolve) => {
      const socket = io(t.url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
      socket.once('sync', () => (socket.close(), resolve('accepted')));
      socket.once('connect_error', () => (socket.close(), resolve('refused')));
    });

  it('the genuine token works on both (the control)', async () => {
    expect((await t.http.get('/api/auth/verify').set(bearer(genuine))).status).toBe(200);
    expect(await handshake(genuine)).toBe('accepted');
  });

  it('each forgery answers 401 on REST and is refused at the handshake', async () => {
    const results: Record<string, [number, string]> = {};
    for (const [name, token] of Object.entries(forged)) {
      const rest = await t.http.get('/api/companies').set(bearer(token));
      results[name] = [rest.status, await handshake(token)];
    }
    expect(results).toEqual(Object.fromEntries(Object.keys(forged).map((k) => [k, [401, 'refused']])));
  });

  it('a user token does not open a wall display route (audiences differ)', async () => {
    expect((await t.http.get('/api/walls/me/board').set(bearer(genuine))).status).toBe(401);
  });
});
