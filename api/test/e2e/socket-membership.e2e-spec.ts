import { EntityManager } from '@mikro-orm/sqlite';
import { SessionService } from '../../src/common/auth/session.service';
import { User } from '../../src/modules/users/user.entity';
import { bearer, createCompany, createTenant, superadminLogin, type Tenant } from '../utils/factories';
import { connectSocket, login, startTestApp, type TestApp, type TestSocket } from '../utils/test-app';

/** Resolves when the server closes the socket; rejects if it is still open after `ms` (the 1 s budget). */
const closedWithin = (s: TestSocket, ms = 1000) =>
  new Promise<string>((resolve, reject) => {
    if (!s.socket.connected) return resolve('already closed');
    const timer = setTimeout(() => reject(new Error(`socket still connected ${ms} ms after the change`)), ms);
    s.socket.once('disconnect', (reason) => (clearTimeout(timer), resolve(reason)));
  });

describe('sockets end with membership', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    t = await startTestApp();
    root = (await superadminLogin(t)).token;
  });
  afterAll(() => t.close());

  let tenant: Tenant;
  let open: TestSocket[] = [];
  beforeEach(async () => {
    tenant = await createTenant(t, root, 2);
  });
  afterEach(() => {
    open.forEach((s) => s.close());
    open = [];
  });
  const connect = async (token: string) => {
    const s = await connectSocket(t, token);
    open.push(s);
    return s;
  };

  it.each([
    ['deactivated', async () => ({ isActive: false })],
    ['given a new password by an admin', async () => ({ password: 'a-fresh-temporary-9' })],
  ])('a user %s: their socket closes within 1 s and their token stops working', async (_name, change) => {
    const exec = tenant.executives[0];
    const s = await connect(exec.token);
    const body = await change();
    await t.http.put(`/api/users/${exec.user._id}`).set(bearer(tenant.admin.token)).send(body).expect(200);
    await closedWithin(s);
    expect((await t.http.get('/api/auth/verify').set(bearer(exec.token))).status).toBe(401);
    // The colleague is untouched.
    const colleague = await connect(tenant.executives[1].token);
    expect(colleague.socket.connected).toBe(true);
  });

  // Only admins change company (the superadmin manages admins; executives stay with their company's admins).
  it('an admin moved to another company: their socket closes within 1 s and their token stops working', async () => {
    const s = await connect(tenant.admin.token);
    const other = await createCompany(t, root);
    await t.http.put(`/api/users/${tenant.admin.user._id}`).set(bearer(root)).send({ company: other._id }).expect(200);
    await closedWithin(s);
    expect((await t.http.get('/api/auth/verify').set(bearer(tenant.admin.token))).status).toBe(401);
    const colleague = await connect(tenant.executives[0].token);
    expect(colleague.socket.connected).toBe(true);
  });

  it('a deleted user: their socket closes within 1 s', async () => {
    const exec = tenant.executives[0];
    const s = await connect(exec.token);
    await t.http.delete(`/api/users/${exec.user._id}`).set(bearer(tenant.admin.token)).expect(200);
    await closedWithin(s);
  });

  it('a user changing their own password: their other sockets close within 1 s', async () => {
    const exec = tenant.executives[0];
    const s = await connect(exec.token);
    await t.http.put('/api/auth/change-password').set(bearer(exec.token)).send({ currentPassword: exec.password, newPassword: 'my-new-secret-42' }).expect(200);
    await closedWithin(s);
  });

  it('a deleted company: every member’s socket closes within 1 s and cannot come back', async () => {
    const sockets = await Promise.all([tenant.admin, ...tenant.executives].map((m) => connect(m.token)));
    await t.http.delete(`/api/companies/${tenant.company._id}`).set(bearer(root)).expect(200);
    await Promise.all(sockets.map((s) => closedWithin(s)));
    await expect(connectSocket(t, tenant.admin.token)).rejects.toThrow();
  });

  it('a revocation committed during the handshake does not miss the socket', async () => {
    const exec = tenant.executives[0];
    const sessions = t.app.get(SessionService);
    const original = sessions.actorFromToken.bind(sessions);
    // The handshake verifies the token, then, before the socket joins its rooms, the user is revoked (no event
    // reaches the socket: it is in no room yet).
    const spy = jest.spyOn(sessions, 'actorFromToken').mockImplementation(async (token) => {
      const actor = await original(token);
      await t.app.get(EntityManager).fork().nativeUpdate(User, { id: actor.userId }, { tokenVersion: 99 });
      return actor;
    });
    try {
      const outcome = await new Promise<string>((resolve) => {
        const { io } = jest.requireActual<typeof import('socket.io-client')>('socket.io-client');
        const socket = io(t.url, { auth: { token: exec.token }, transports: ['websocket'], reconnection: false, forceNew: true });
        const timer = setTimeout(() => (resolve('still connected after 1 s'), socket.close()), 1000);
        socket.once('disconnect', (reason) => (clearTimeout(timer), resolve(reason), socket.close()));
      });
      expect(outcome).toBe('io server disconnect');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('a socket closes when its token expires', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ JWT_EXPIRES_IN: '2s' });
  });
  afterAll(() => t.close());

  it('is open before exp and closed by the server at exp', async () => {
    const root = await superadminLogin(t);
    const s = await connectSocket(t, root.token);
    expect(s.socket.connected).toBe(true);
    const reason = await closedWithin(s, 4000);
    expect(reason).toBe('io server disconnect');
    // A fresh token connects again.
    const again = await connectSocket(t, (await login(t, root.user.email, 'root-password-1')).token);
    expect(again.socket.connected).toBe(true);
    again.close();
  });
});
