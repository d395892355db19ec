import { io } from 'socket.io-client';
import { bearer, createTenant, superadminLogin } from '../utils/factories';
import { connectSocket, startTestApp, type TestApp } from '../utils/test-app';

describe('socket handshakes are limited by what fails, not by the address', () => {
  let t: TestApp;
  let token: string;
  let office: string[];
  beforeAll(async () => {
    t = await startTestApp({ HANDSHAKE_RATE_LIMIT: '5', TRUST_PROXY: 'true' });
    token = (await superadminLogin(t)).token;
    const { admin, executives } = await createTenant(t, token, 7);
    office = [admin.token, ...executives.map((e) => e.token)];
  });
  afterAll(() => t.close());

  const handshake = (address: string, auth: Record<string, unknown>) =>
    new Promise<string>((resolve) => {
      const socket = io(t.url, { auth, transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { 'X-Forwarded-For': address } });
      socket.once('sync', () => (resolve('accepted'), socket.close()));
      socket.once('connect_error', (err) => (resolve(err.message), socket.close()));
    });

  it('an office of 8 people behind one address all connect, above the budget of 5, twice over', async () => {
    for (let round = 0; round < 2; round++) {
      const results = await Promise.all(office.map((tok) => handshake('198.51.100.30', { token: tok })));
      expect(results).toEqual(office.map(() => 'accepted'));
    }
  });

  it('an address gets HANDSHAKE_RATE_LIMIT refused handshakes a minute, then even a valid token waits; another address is not affected', async () => {
    const results: string[] = [];
    for (let i = 0; i < 5; i++) results.push(await handshake('198.51.100.20', { token: i % 2 ? 'not-a-token' : '' }));
    expect(results).toEqual(Array(5).fill('Please sign in again'));
    expect(await handshake('198.51.100.20', { token })).toBe('Too many connections, please wait a minute');
    expect(await handshake('198.51.100.21', { token })).toBe('accepted');
  });

  it('one user reconnecting in a loop is limited to HANDSHAKE_RATE_LIMIT a minute, from any address', async () => {
    const loop = office[office.length - 1];
    const results: string[] = [];
    for (let i = 0; i < 4; i++) results.push(await handshake(`198.51.100.${40 + i}`, { token: loop }));
    // Two handshakes already spent in the office test above.
    expect(results).toEqual(['accepted', 'accepted', 'accepted', 'Too many connections, please wait a minute']);
  });
});

describe('replays per user are bounded', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  it('after 30 replays in a minute, a reconnect asking for missed events gets resync instead', async () => {
    const root = await superadminLogin(t);
    const { admin } = await createTenant(t, root.token, 1);
    // Something to replay: an announcement in the company stream.
    const first = await connectSocket(t, admin.token);
    const since = first.syncSeq;
    first.close();
    await t.http.post('/api/announcements').set(bearer(admin.token)).send({ title: 'Hello', content: 'Team meeting at ten.' }).expect(201);
    const kinds: string[] = [];
    for (let i = 0; i < 31; i++) {
      const s = await connectSocket(t, admin.token, since);
      kinds.push(s.events.length > 0 ? 'replay' : 'resync-or-empty');
      s.close();
    }
    expect(kinds.slice(0, 30).every((k) => k === 'replay')).toBe(true);
    expect(kinds[30]).toBe('resync-or-empty');
  });
});
