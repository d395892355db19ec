import {
  formatPairingCode,
  PAIRING_CODE_ALPHABET,
  PAIRING_SECRET_HEADER,
  PAIRING_TTL_MS,
  type Announcement,
  type EventEnvelope,
  type EventPayloads,
  type PairingStatus,
  type WallBoard,
  type WallDisplay,
  type WallPairing,
} from '@kpi/contracts';
import { MikroORM } from '@mikro-orm/sqlite';
import { io } from 'socket.io-client';
import { LiveLeaderboard } from '../../src/modules/leaderboard/live-leaderboard';
import type { RealtimeServer } from '../../src/realtime/emit';
import { EventPublisher } from '../../src/realtime/event-publisher';
import { UnitOfWork } from '../../src/events/unit-of-work';
import { WallDisplay as WallDisplayRow } from '../../src/modules/walls/wall-display.entity';
import { Announcement as AnnouncementRow } from '../../src/modules/announcements/announcement.entity';
import { WallPairing as WallPairingRow } from '../../src/modules/walls/wall-pairing.entity';
import { bearer, createTenant, superadminLogin, type Member, type Tenant, startTwoCompanies } from '../utils/factories';
import { connectSocket, settle, startTestApp, type TestApp } from '../utils/test-app';

type Envelope<T extends keyof EventPayloads> = EventEnvelope<T>;

interface Paired {
  pairing: WallPairing;
  display: WallDisplay;
  token: string;
}

describe('wall displays', () => {
  let t: TestApp;
  let root: string;
  let a: Tenant;
  let b: Tenant;
  const open: { close(): void }[] = [];

  beforeAll(async () => ({ t, root, a, b } = await startTwoCompanies()));
  afterEach(() => open.splice(0).forEach((s) => s.close()));
  afterAll(() => t.close());

  const startPairing = async (): Promise<WallPairing> => {
    const res = await t.http.post('/api/walls/pairings');
    expect(res.status).toBe(201);
    return res.body;
  };
  const status = (pairing: WallPairing, secret: string | null = pairing.secret) => {
    const req = t.http.get(`/api/walls/pairings/${pairing.pairingId}`);
    return secret === null ? req : req.set(PAIRING_SECRET_HEADER, secret);
  };
  const claim = (token: string, code: string, name?: string) => t.http.post('/api/walls/claim').set(bearer(token)).send({ code, name });
  /** The whole pairing flow: the screen asks for a code, the admin claims it, the screen picks up its token. */
  const pair = async (tenant: Tenant, name?: string): Promise<Paired> => {
    const pairing = await startPairing();
    const claimed = await claim(tenant.admin.token, formatPairingCode(pairing.code), name);
    expect(claimed.status).toBe(201);
    const picked = (await status(pairing)).body as PairingStatus;
    if (picked.status !== 'paired') throw new Error(`not paired: ${JSON.stringify(picked)}`);
    return { pairing, display: claimed.body, token: picked.displayToken };
  };
  const board = (token: string) => t.http.get('/api/walls/me/board').set(bearer(token));
  const connect = async (token: string) => {
    // An earlier test's scoring publishes its company's live top 10 just after its commit (coalesced, up to
    // 250 ms later): a socket opened for this test starts once that has gone out.
    await t.app.get(LiveLeaderboard).idle();
    const socket = await connectSocket(t, token);
    open.push(socket);
    return socket;
  };
  const announce = async (tenant: Tenant, body: object): Promise<Announcement> => {
    const res = await t.http.post('/api/announcements').set(bearer(tenant.admin.token)).send({ content: 'For the wall', ...body });
    if (res.status !== 201) throw new Error(`announce: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  /** Creates, submits and scores a task on time: total = 0.4·q + 4 + 0.2·i. */
  const scoreTask = async (tenant: Tenant, exec: Member, qualityScore: number, initiativeScore: number) => {
    const task = await t.http
      .post('/api/tasks')
      .set(bearer(tenant.admin.token))
      .send({ title: 'Wall task', description: 'd', assignedTo: exec.user._id, deadline: new Date(Date.now() + 12 * 3600_000).toISOString(), reportLink: 'https://reports.example.com/w' });
    if (task.status !== 201) throw new Error(`task: ${task.status} ${JSON.stringify(task.body)}`);
    await t.http.put(`/api/tasks/${task.body._id}/submit`).set(bearer(exec.token)).send({ content: 'Done' }).expect(200);
    const res = await t.http.put(`/api/tasks/${task.body._id}/score`).set(bearer(tenant.admin.token)).send({ qualityScore, initiativeScore, feedback: 'Good' });
    if (res.status !== 200) throw new Error(`score: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.scoring.totalScore as number;
  };
  const orm = () => t.app.get(MikroORM);

  describe('pairing', () => {
    it('hands a screen a short code and a secret, and the display token once an admin claims the code', async () => {
      const pairing = await startPairing();
      expect(pairing.code).toMatch(new RegExp(`^[${PAIRING_CODE_ALPHABET}]{6}$`));
      expect(pairing.secret.length).toBeGreaterThanOrEqual(40);
      const ttl = Date.parse(pairing.expiresAt) - Date.now();
      expect(ttl).toBeGreaterThan(PAIRING_TTL_MS - 10_000);
      expect(ttl).toBeLessThanOrEqual(PAIRING_TTL_MS);

      expect((await status(pairing)).body).toEqual({ status: 'pending', expiresAt: pairing.expiresAt });
      // Without its secret a pairing does not exist: the code on the screen is no way to the token.
      for (const secret of [null, 'wrong', pairing.secret.slice(1)]) {
        const res = await status(pairing, secret);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Pairing not found');
      }
      expect((await t.http.get('/api/walls/pairings/not-a-pairing').set(PAIRING_SECRET_HEADER, pairing.secret)).status).toBe(404);

      // Typed as a person would: lower case, with a space instead of the dash.
      const typed = `${pairing.code.slice(0, 3)} ${pairing.code.slice(3)}`.toLowerCase();
      const claimed = await claim(a.admin.token, typed, '  Lobby TV  ');
      expect(claimed.status).toBe(201);
      expect(claimed.body).toEqual({ _id: expect.any(String), name: 'Lobby TV', company: a.company._id, createdAt: expect.any(String), lastSeenAt: null });

      const paired = (await status(pairing)).body as PairingStatus;
      expect(paired).toEqual({ status: 'paired', displayToken: expect.any(String), display: { _id: claimed.body._id, name: 'Lobby TV' }, company: { name: a.company.name } });
      const list = await t.http.get('/api/walls').set(bearer(a.admin.token));
      expect(list.status).toBe(200);
      expect(list.body.map((d: WallDisplay) => d._id)).toContain(claimed.body._id);
    });

    it('uses each code once', async () => {
      const pairing = await startPairing();
      expect((await claim(a.admin.token, pairing.code)).status).toBe(201);
      const again = await claim(a.admin.token, pairing.code);
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ statusCode: 404, message: 'Pairing code not found or expired', code: 'NOT_FOUND' });
      // Nor can another company take over a screen already paired.
      expect((await claim(b.admin.token, pairing.code)).status).toBe(404);
    });

    it('names a display after its code when no name is given', async () => {
      const pairing = await startPairing();
      const claimed = await claim(a.admin.token, pairing.code);
      expect(claimed.body.name).toBe(`Display ${formatPairingCode(pairing.code)}`);
    });

    it('lets a code expire: it can no longer be claimed, and the screen is told to ask for a new one', async () => {
      const pairing = await startPairing();
      await orm().em.fork().nativeUpdate(WallPairingRow, { id: pairing.pairingId }, { expiresAt: new Date(Date.now() - 1000) });
      expect((await status(pairing)).body).toEqual({ status: 'expired' });
      expect((await claim(a.admin.token, pairing.code)).status).toBe(404);
      // The next screen asking for a code prunes it.
      await startPairing();
      expect((await status(pairing)).status).toBe(404);
    });

    it('refuses malformed codes and names with 400 naming the field', async () => {
      for (const [body, message, field] of [
        [{}, 'Pairing code is required', 'code'],
        [{ code: '' }, 'Pairing code is required', 'code'],
        [{ code: 'ABC-12' }, 'Pairing code must be the 6 characters shown on the screen', 'code'],
        [{ code: 'OIL-000' }, 'Pairing code must be the 6 characters shown on the screen', 'code'],
        [{ code: 'ABC-234', name: 'x'.repeat(121) }, 'Display name must be at most 120 characters', 'name'],
      ] as const) {
        const res = await t.http.post('/api/walls/claim').set(bearer(a.admin.token)).send(body);
        expect({ body, status: res.status, res: res.body }).toEqual({ body, status: 400, res: { statusCode: 400, message, code: 'VALIDATION', field } });
      }
    });
  });

  describe('what a display can read', () => {
    let wallA: Paired;

    beforeAll(async () => {
      wallA = await pair(a, 'Sales floor');
    });

    it("shows only its own company's live top 10 and pinned, current announcements", async () => {
      const [first, second] = a.executives;
      await scoreTask(a, first, 10, 10); // 10
      await scoreTask(a, second, 5, 5); // 7
      await scoreTask(b, b.executives[0], 10, 10);
      const pinned = await announce(a, { title: 'A pinned', isPinned: true });
      await announce(a, { title: 'A not pinned' });
      const expiring = await announce(a, { title: 'A pinned, expired', isPinned: true });
      await orm().em.fork().nativeUpdate(AnnouncementRow, { id: expiring._id }, { expiresAt: new Date(Date.now() - 1000) });
      await announce(b, { title: 'B pinned', isPinned: true });

      const res = await board(wallA.token);
      expect(res.status).toBe(200);
      const body = res.body as WallBoard;
      const now = new Date();
      expect(body.company).toEqual({ name: a.company.name });
      expect(body.display).toEqual({ _id: wallA.display._id, name: 'Sales floor' });
      expect(body.period).toEqual({ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 });
      expect(new Date(body.periodEndsAt).toISOString()).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString());
      expect(body.totalExecutives).toBe(2);
      expect(body.top10.map((e) => [e.rank, e.user.name, e.totalScore])).toEqual([
        [1, first.user.name, 10],
        [2, second.user.name, 7],
      ]);
      expect(body.announcements.map((x) => x.title)).toEqual(['A pinned']);
      expect(body.announcements[0]).toEqual(pinned);
      expect(res.text).not.toContain(b.company.name);
      expect(res.text).not.toContain(b.executives[0].user.name);
    });

    it('records when the display was last seen', async () => {
      const list = await t.http.get('/api/walls').set(bearer(a.admin.token));
      const seen = list.body.find((d: WallDisplay) => d._id === wallA.display._id);
      expect(Date.now() - Date.parse(seen.lastSeenAt)).toBeLessThan(60_000);
    });

    it('is refused (401) by every normal endpoint', async () => {
      const year = new Date().getUTCFullYear();
      const paths = [
        ['get', '/api/auth/verify'],
        ['put', '/api/auth/change-password'],
        ['get', '/api/tasks'],
        ['get', '/api/users'],
        ['get', `/api/users/company/${a.company._id}`],
        ['get', '/api/announcements'],
        ['get', '/api/notifications'],
        ['get', '/api/badges'],
        ['get', `/api/leaderboard/monthly/${year}/1`],
        ['get', `/api/leaderboard/top10/${a.company._id}`],
        ['get', `/api/kpi/company/${a.company._id}`],
        ['get', '/api/companies'],
        ['get', '/api/walls'],
        ['post', '/api/walls/claim'],
        ['delete', `/api/walls/${wallA.display._id}`],
      ];
      for (const [method, path] of paths) {
        const res = await (t.http as unknown as Record<string, (p: string) => import('supertest').Test>)[method](path).set(bearer(wallA.token));
        expect({ path, status: res.status }).toEqual({ path, status: 401 });
      }
      // And opens no user socket rooms: see the socket tests below.
    });

    it("refuses users' tokens, garbage and nothing at all (401)", async () => {
      for (const token of [a.admin.token, a.executives[0].token, root, 'not-a-token']) {
        const res = await board(token);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ statusCode: 401, message: 'Please sign in again', code: 'UNAUTHENTICATED' });
      }
      expect((await t.http.get('/api/walls/me/board')).status).toBe(401);
    });
  });

  describe('who manages displays', () => {
    it("keeps each company's displays to its own admins", async () => {
      const wall = await pair(a, 'Kitchen');
      const listB = await t.http.get('/api/walls').set(bearer(b.admin.token));
      expect(listB.status).toBe(200);
      expect(listB.body.map((d: WallDisplay) => d._id)).not.toContain(wall.display._id);
      const revokeB = await t.http.delete(`/api/walls/${wall.display._id}`).set(bearer(b.admin.token));
      expect(revokeB.status).toBe(404);
      expect(revokeB.body.message).toBe('Display not found');
      expect((await board(wall.token)).status).toBe(200);
    });

    it('is for admins only: executives and the superadmin get 403, nobody signed in 401', async () => {
      const wall = await pair(a);
      const pairing = await startPairing();
      for (const token of [a.executives[0].token, root]) {
        expect((await claim(token, pairing.code)).status).toBe(403);
        expect((await t.http.get('/api/walls').set(bearer(token))).status).toBe(403);
        expect((await t.http.delete(`/api/walls/${wall.display._id}`).set(bearer(token))).status).toBe(403);
      }
      expect((await t.http.get('/api/walls')).status).toBe(401);
      expect((await t.http.post('/api/walls/claim').send({ code: pairing.code })).status).toBe(401);
      // The code is still free for an admin.
      expect((await claim(a.admin.token, pairing.code)).status).toBe(201);
    });
  });

  describe('revocation', () => {
    it("ends HTTP access and disconnects the screen at once, telling only the company's admins", async () => {
      const wall = await pair(a, 'Doomed');
      const admin = await connect(a.admin.token);
      const socket = await connect(wall.token);
      const disconnected = new Promise<string>((resolve) => socket.socket.once('disconnect', resolve));

      const res = await t.http.delete(`/api/walls/${wall.display._id}`).set(bearer(a.admin.token));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Display revoked successfully' });
      expect(await disconnected).toBe('io server disconnect');

      const after = await board(wall.token);
      expect(after.status).toBe(401);
      expect(after.body.message).toBe('This display is no longer paired');
      await expect(connectSocket(t, wall.token)).rejects.toThrow('Please sign in again');
      // The pairing does not hand the token out again, and the display is gone from the list.
      expect((await status(wall.pairing)).body).toEqual({ status: 'expired' });
      const list = await t.http.get('/api/walls').set(bearer(a.admin.token));
      expect(list.body.map((d: WallDisplay) => d._id)).not.toContain(wall.display._id);
      expect((await t.http.delete(`/api/walls/${wall.display._id}`).set(bearer(a.admin.token))).status).toBe(404);
      await settle();
      // The admins' screens and their audit trail hear of it (docs/audit.md); nobody else does.
      expect(admin.events.map((e) => e.type)).toEqual(['wall.unpaired', 'audit.recorded']);
    });

    it('disconnects only once the revocation commits: a rolled-back one leaves the screen connected', async () => {
      const wall = await pair(a, 'Survivor');
      const socket = await connect(wall.token);
      const disconnected = new Promise<string>((resolve) => socket.socket.once('disconnect', resolve));
      const revoke = (fail: boolean) =>
        t.app.get(UnitOfWork).run(async (em, events) => {
          await em.nativeUpdate(WallDisplayRow, { id: wall.display._id }, { revokedAt: new Date() });
          events.notify({ type: 'wall.revoked', payload: { displayId: wall.display._id } });
          if (fail) throw new Error('rolled back');
        });

      await expect(revoke(true)).rejects.toThrow('rolled back');
      await settle();
      expect(socket.socket.connected).toBe(true);
      expect((await board(wall.token)).status).toBe(200);

      await revoke(false);
      expect(await disconnected).toBe('io server disconnect');
      expect((await board(wall.token)).status).toBe(401);
    });

    it("disconnects a deleted company's displays and refuses their tokens", async () => {
      const c = await createTenant(t, root, 0);
      const wall = await pair(c);
      const socket = await connect(wall.token);
      const disconnected = new Promise<string>((resolve) => socket.socket.once('disconnect', resolve));
      expect((await t.http.delete(`/api/companies/${c.company._id}`).set(bearer(root))).status).toBe(200);
      expect(await disconnected).toBe('io server disconnect');
      expect((await board(wall.token)).status).toBe(401);
    });
  });

  describe('sockets', () => {
    let wallA: Paired;
    let wallB: Paired;

    beforeAll(async () => {
      wallA = await pair(a, 'Socket A');
      wallB = await pair(b, 'Socket B');
    });

    const isWallEvent = (e: EventEnvelope) => e.type.startsWith('leaderboard.') || e.type.startsWith('announcement.');

    it('receives leaderboard.updated when a task is scored, and nothing from another company', async () => {
      const onA = await connect(wallA.token);
      const onB = await connect(wallB.token);
      const total = await scoreTask(a, a.executives[1], 10, 10);
      const e = (await onA.waitFor('leaderboard.updated')) as Envelope<'leaderboard.updated'>;
      expect(e.companyId).toBe(a.company._id);
      expect(e.payload.top10.find((x) => x.user._id === a.executives[1].user._id)?.totalScore).toBeGreaterThanOrEqual(total);
      // The task's own events (assigned, submitted, scored, notifications, badges) are not the wall's.
      await settle();
      expect(onA.events.every(isWallEvent)).toBe(true);
      expect(onA.events.map((x) => x.type)).toEqual(['leaderboard.updated']);
      expect(onB.events).toEqual([]);

      const generated = await t.http
        .post('/api/leaderboard/generate')
        .set(bearer(a.admin.token))
        .send({ type: 'monthly', year: new Date().getUTCFullYear(), month: new Date().getUTCMonth() + 1 });
      expect(generated.status).toBe(201);
      await onA.waitFor('leaderboard.generated');
      await settle();
      expect(onB.events).toEqual([]);
    });

    it('receives announcement events only for pinned ones, and drops one that is unpinned or deleted', async () => {
      const onA = await connect(wallA.token);
      const onB = await connect(wallB.token);
      const quiet = await announce(a, { title: 'Not for the wall' });
      // An edit of an unpinned announcement may have unpinned it: the wall is told to drop it, by id only.
      await t.http.put(`/api/announcements/${quiet._id}`).set(bearer(a.admin.token)).send({ content: 'Still not for the wall' }).expect(200);
      const dropQuiet = (await onA.waitFor('announcement.deleted')) as Envelope<'announcement.deleted'>;
      expect(dropQuiet.payload).toEqual({ announcementId: quiet._id });
      const news = await announce(a, { title: 'Wall news', isPinned: true });
      const created = (await onA.waitFor('announcement.created')) as Envelope<'announcement.created'>;
      expect(created.payload.announcement).toEqual(news);

      await t.http.put(`/api/announcements/${news._id}/pin`).set(bearer(a.admin.token)).send({ isPinned: false }).expect(200);
      const unpinned = (await onA.waitFor('announcement.deleted', 3000, (e) => e.seq > created.seq)) as Envelope<'announcement.deleted'>;
      expect(unpinned.payload).toEqual({ announcementId: news._id });
      await t.http.put(`/api/announcements/${news._id}/pin`).set(bearer(a.admin.token)).send({ isPinned: true }).expect(200);
      const repinned = (await onA.waitFor('announcement.pinned')) as Envelope<'announcement.pinned'>;
      expect(repinned.payload.announcement).toMatchObject({ _id: news._id, isPinned: true });
      await t.http.delete(`/api/announcements/${news._id}`).set(bearer(a.admin.token)).expect(200);
      await onA.waitFor('announcement.deleted', 3000, (e) => e.seq > unpinned.seq);
      await announce(b, { title: 'B pinned news', isPinned: true });

      await settle();
      expect(onA.events.map((e) => e.type)).toEqual(['announcement.deleted', 'announcement.created', 'announcement.deleted', 'announcement.pinned', 'announcement.deleted']);
      expect(JSON.stringify(onA.events)).not.toContain('for the wall');
      // Same event ids and sequence numbers as the company's own, in order.
      const seqs = onA.events.map((e) => e.seq);
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
      expect(onB.events.map((e) => e.type)).toEqual(['announcement.created']);
      expect(JSON.stringify(onB.events)).not.toContain('Wall news');
    });

    it('joins only its wall rooms, whatever the client asks for, and gets no replay', async () => {
      const since = (await connect(a.admin.token)).syncSeq;
      expect(since).toBeGreaterThan(0);
      // A wall socket asking for a replay gets `resync` (refetch the board), never old events.
      const messages: string[] = [];
      const raw = io(t.url, { auth: { token: wallA.token, since: 0 }, transports: ['websocket'], reconnection: false, forceNew: true });
      open.push({ close: () => void raw.close() });
      raw.onAny((name: string) => messages.push(name));
      await new Promise<void>((resolve, reject) => {
        raw.once('resync', () => resolve());
        raw.once('connect_error', reject);
      });
      expect(messages).toEqual(['resync']);

      // Naming rooms does nothing: clients never choose them.
      for (const room of [`company:${a.company._id}`, `company:${a.company._id}:admins`, `user:${a.admin.user._id}`, 'superadmin', `wall:${b.company._id}`]) {
        raw.emit('join', room);
        raw.emit('subscribe', { room });
      }
      await settle(100);
      const server = t.app.get<EventPublisher, { server: RealtimeServer }>(EventPublisher).server;
      const [socket] = await server.in(raw.id!).fetchSockets();
      expect([...socket.rooms].sort()).toEqual([raw.id, `wall-display:${wallA.display._id}`, `wall:${a.company._id}`].sort());

      // Company-wide, admin and user events of the company never reach it.
      const wall = await connect(wallA.token);
      await announce(a, { title: 'Company only' });
      await t.http
        .post('/api/tasks')
        .set(bearer(a.admin.token))
        .send({ title: 'Admins only', description: 'd', assignedTo: a.executives[0].user._id, deadline: new Date(Date.now() + 86_400_000).toISOString(), reportLink: 'https://reports.example.com/r' })
        .expect(201);
      await settle();
      expect(wall.events).toEqual([]);
      expect(messages).toEqual(['resync']);
    });
  });
});

describe('wall pairing rate limit', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp({ LOGIN_RATE_LIMIT: '3' })));
  afterAll(() => t.close());

  it('answers 429 after too many codes asked from one address', async () => {
    for (let i = 0; i < 3; i++) expect((await t.http.post('/api/walls/pairings')).status).toBe(201);
    const res = await t.http.post('/api/walls/pairings');
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('Too many attempts, please wait a minute and try again');
  });
});

describe('wall code claims are limited per admin', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  it('after 10 wrong codes in 15 minutes the admin gets 429, even for a right one; successes cost nothing', async () => {
    const root = await superadminLogin(t);
    const { admin } = await createTenant(t, root.token, 0);
    const claim = (code: string) => t.http.post('/api/walls/claim').set(bearer(admin.token)).send({ code, name: 'TV' });
    const freshCode = async () => formatPairingCode((await t.http.post('/api/walls/pairings').expect(201)).body.code);
    for (let i = 0; i < 12; i++) expect((await claim(await freshCode())).status).toBe(201);
    for (let i = 0; i < 10; i++) expect((await claim('ZZZ-ZZZ')).status).toBe(404);
    const locked = await claim(await freshCode());
    expect(locked.status).toBe(429);
  });
});
