import { io } from 'socket.io-client';
import { bearer, createTenant, superadminLogin } from '../utils/factories';
import { connectSocket, startTestApp, type TestApp } from '../utils/test-app';

describe('socket handshakes and replays are limited', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp({ HANDSHAKE_RATE_LIMIT: '5', TRUST_PROXY: 'true' });
    token = (await superadminLogin(t)).token;
  });
  afterAll(() => t.close());

  const handshake = (address: string) =>
    new Promise<string>((resolve) => {
      const socket = io(t.url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { 'X-Forwarded-For': address } });
      socket.once('sync', () => (resolve('accepted'), socket.close()));
      socket.once('connect_error', (err) => (resolve(err.message), socket.close()));
    });

  it('an address gets HANDSHAKE_RATE_LIMIT handshakes a minute; another address is not affected', async () => {
    const results: string[] = [];
    for (let i = 0; i < 6; i++) results.push(await handshake('198.51.100.20'));
    expect(results).toEqual([...Array(5).fill('accepted'), 'Too many connections, please wait a minute']);
    expect(await handshake('198.51.100.21')).toBe('accepted');
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
