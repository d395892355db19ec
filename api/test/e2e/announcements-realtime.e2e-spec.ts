import { ownBroadcastCopy, type Announcement, type EventEnvelope, type EventPayloads, type NotificationList } from '@kpi/contracts';
import { EntityManager } from '@mikro-orm/sqlite';
import { io } from 'socket.io-client';
import { AnnouncementExpiryScheduler } from '../../src/modules/announcements/announcement-expiry.scheduler';
import { Announcement as AnnouncementEntity } from '../../src/modules/announcements/announcement.entity';
import { Company } from '../../src/modules/companies/company.entity';
import { User } from '../../src/modules/users/user.entity';
import { bearer, createTenant, type Member, type Tenant, startTwoCompanies } from '../utils/factories';
import { connectSocket, login, settle, type TestApp, type TestSocket } from '../utils/test-app';

type Envelope<T extends keyof EventPayloads> = EventEnvelope<T>;

/** Everything a socket receives, events and control messages alike, in arrival order. */
interface Recording {
  messages: { name: string; body: { seq?: number; type?: string; id?: string } }[];
  close(): void;
}

/** Connects with `since` (and `replay`, contracts' HandshakeAuth) and resolves once the server said `sync` or `resync`. */
function record(t: TestApp, token: string, since?: number, replay?: 'batch'): Promise<Recording> {
  const socket = io(t.url, { auth: { token, since, replay }, transports: ['websocket'], reconnection: false, forceNew: true });
  const messages: Recording['messages'] = [];
  socket.onAny((name: string, body: Recording['messages'][number]['body']) => messages.push({ name, body }));
  return new Promise((resolve, reject) => {
    const done = () => resolve({ messages, close: () => void socket.close() });
    socket.once('sync', done);
    socket.once('resync', done);
    socket.once('connect_error', reject);
  });
}

const lastSeq = (s: TestSocket) => Math.max(0, ...s.events.map((e) => e.seq));

describe('announcements in real time', () => {
  let t: TestApp;
  let root: string;
  let a: Tenant;
  let b: Tenant;
  const open: { close(): void }[] = [];

  beforeAll(async () => ({ t, root, a, b } = await startTwoCompanies()));
  afterEach(() => open.splice(0).forEach((s) => s.close()));
  afterAll(() => t.close());

  const connect = async (token: string, since?: number) => {
    const socket = await connectSocket(t, token, since);
    open.push(socket);
    return socket;
  };
  const create = async (tenant: Tenant, body: object = {}): Promise<Announcement> => {
    const res = await t.http.post('/api/announcements').set(bearer(tenant.admin.token)).send({ title: 'Live notice', content: 'Read me', ...body });
    if (res.status !== 201) throw new Error(`create announcement: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  it("sends created, updated, pinned and deleted to the whole company, and nothing to another company's sockets", async () => {
    const companyA = [await connect(a.admin.token), await connect(a.executives[0].token), await connect(a.executives[1].token)];
    const companyB = [await connect(b.admin.token), await connect(b.executives[0].token)];

    const created = await create(a, { title: 'Town hall on Friday' });
    for (const s of companyA) {
      const e = (await s.waitFor('announcement.created')) as Envelope<'announcement.created'>;
      expect(e.companyId).toBe(a.company._id);
      expect(e.payload.announcement).toEqual(created);
    }
    const updated = await t.http.put(`/api/announcements/${created._id}`).set(bearer(a.admin.token)).send({ title: 'Town hall moved to Monday' });
    for (const s of companyA) {
      const e = (await s.waitFor('announcement.updated')) as Envelope<'announcement.updated'>;
      expect(e.payload.announcement).toEqual(updated.body);
    }
    const pinned = await t.http.put(`/api/announcements/${created._id}/pin`).set(bearer(a.admin.token));
    for (const s of companyA) {
      const e = (await s.waitFor('announcement.pinned')) as Envelope<'announcement.pinned'>;
      expect(e.payload.announcement).toEqual(pinned.body);
      expect(e.payload.announcement.isPinned).toBe(true);
    }
    await t.http.delete(`/api/announcements/${created._id}`).set(bearer(a.admin.token));
    for (const s of companyA) {
      const e = (await s.waitFor('announcement.deleted')) as Envelope<'announcement.deleted'>;
      expect(e.payload).toEqual({ announcementId: created._id });
    }
    // Sequence numbers of the company stream arrive in order.
    const seqs = companyA[0].events.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));

    await settle();
    for (const s of companyB) {
      expect(s.events).toEqual([]);
    }
  });

  it("notifies each active executive once, with one company event each derives their own bell entry from, and not the admins", async () => {
    const tenant = await createTenant(t, root, 3);
    const [first, second, inactive] = tenant.executives;
    expect((await t.http.put(`/api/users/${inactive.user._id}`).set(bearer(tenant.admin.token)).send({ isActive: false })).status).toBe(200);
    const adminSocket = await connect(tenant.admin.token);
    const outsider = await connect(b.executives[0].token);
    const execs = [first, second];
    const sockets = [await connect(first.token), await connect(second.token)];
    const bell = async (member: Member) => (await t.http.get('/api/notifications').set(bearer(member.token))).body as NotificationList;

    for (const [i, title] of ['First news', 'Second news'].entries()) {
      await create(tenant, { title });
      for (const [j, s] of sockets.entries()) {
        const e = (await s.waitFor('notification.broadcast', 3000, (x) => (x as Envelope<'notification.broadcast'>).payload.notification.body === title)) as Envelope<'notification.broadcast'>;
        expect(e.companyId).toBe(tenant.company._id);
        expect(e.payload.role).toBe('executive');
        expect(s.events.filter((x) => x.type === 'notification.broadcast')).toHaveLength(i + 1);
        // The copy the client derives is exactly the one the server stores for this executive, unread.
        const mine = ownBroadcastCopy(e.payload, execs[j].user._id);
        expect(mine).toMatchObject({ kind: 'announcement.created', title: 'New announcement', body: title, link: '/executive/announcements', readAt: null });
        const list = await bell(execs[j]);
        expect(list.items[0]).toEqual(mine);
        expect(list.unread).toBe(i + 1);
      }
    }
    // One event per announcement, not one per executive; the executives' rows are theirs alone.
    expect(sockets[0].events.some((e) => e.type === 'notification.created')).toBe(false);
    expect((await bell(first)).items[0]._id).not.toBe((await bell(second)).items[0]._id);
    await settle();
    // The admins' sockets are in the company room and hear the broadcast, but it is not theirs: nothing stored.
    expect(adminSocket.events.filter((e) => e.type === 'notification.created')).toEqual([]);
    expect(await bell(tenant.admin)).toEqual({ items: [], unread: 0 });
    expect(outsider.events).toEqual([]);
    expect((await bell(b.executives[0])).items.filter((n) => ['First news', 'Second news'].includes(n.body))).toEqual([]);
    // Reactivated, the executive finds no notification from while they were inactive.
    await t.http.put(`/api/users/${inactive.user._id}`).set(bearer(tenant.admin.token)).send({ isActive: true });
    const back = await login(t, inactive.user.email, inactive.password);
    expect((await t.http.get('/api/notifications').set(bearer(back.token))).body.unread).toBe(0);
  });

  it('publishes an expiry as an update, once, when the announcement expires', async () => {
    const tenant = await createTenant(t, root, 1);
    const exec = await connect(tenant.executives[0].token);
    const admin = await connect(tenant.admin.token);
    const other = await connect(b.executives[0].token);
    const brief = await create(tenant, { title: 'Flash sale', expiresAt: new Date(Date.now() + 1500).toISOString() });
    await exec.waitFor('announcement.created');

    const isBrief = (e: EventEnvelope) => (e as Envelope<'announcement.updated'>).payload.announcement._id === brief._id;
    const expired = (await exec.waitFor('announcement.updated', 5000, isBrief)) as Envelope<'announcement.updated'>;
    expect(expired.payload.announcement).toEqual(brief);
    expect(Date.parse(expired.at)).toBeGreaterThanOrEqual(Date.parse(brief.expiresAt!));
    await admin.waitFor('announcement.updated', 1000, isBrief);
    const seen = (await t.http.get('/api/announcements').set(bearer(tenant.executives[0].token))).body as Announcement[];
    expect(seen.map((x) => x._id)).not.toContain(brief._id);

    // Once: a later change re-arms the timer without publishing the same expiry again.
    await create(tenant, { title: 'Unrelated' });
    await settle(500);
    expect(exec.events.filter((e) => e.type === 'announcement.updated' && isBrief(e))).toHaveLength(1);
    expect(other.events.filter((e) => e.type.startsWith('announcement.'))).toEqual([]);
  });

  it('publishes the earliest of several expiries first, and each of them', async () => {
    const tenant = await createTenant(t, root, 0);
    const admin = await connect(tenant.admin.token);
    const later = await create(tenant, { title: 'later', expiresAt: new Date(Date.now() + 1400).toISOString() });
    const sooner = await create(tenant, { title: 'sooner', expiresAt: new Date(Date.now() + 700).toISOString() });
    const updates = () => admin.events.filter((e) => e.type === 'announcement.updated').map((e) => (e as Envelope<'announcement.updated'>).payload.announcement._id);
    await admin.waitFor('announcement.updated', 3000, (e) => (e as Envelope<'announcement.updated'>).payload.announcement._id === later._id);
    expect(updates()).toEqual([sooner._id, later._id]);
  });

  it('publishes, once, an expiry that passed while no timer was armed (e.g. the server was down)', async () => {
    const tenant = await createTenant(t, root, 1);
    const exec = await connect(tenant.executives[0].token);
    // Written behind the scheduler's back, as if it had expired during a restart.
    const insertExpired = async (title: string) => {
      const em = t.app.get(EntityManager).fork();
      const stale = em.create(AnnouncementEntity, {
        company: em.getReference(Company, tenant.company._id),
        author: em.getReference(User, tenant.admin.user._id),
        authorName: tenant.admin.user.name,
        title,
        content: 'Gone',
        expiresAt: new Date(Date.now() - 60_000),
      });
      await em.flush();
      return stale.id;
    };
    const first = await insertExpired('Expired during the outage');
    const scheduler = t.app.get(AnnouncementExpiryScheduler);
    await scheduler.reschedule();
    const e = (await exec.waitFor('announcement.updated')) as Envelope<'announcement.updated'>;
    expect(e.payload.announcement).toMatchObject({ _id: first, title: 'Expired during the outage' });
    expect(await scheduler.publishDue()).toBe(0);
    await settle(); // the timer re-arms itself after firing

    // Two runs racing (two instances, or a timer and a restart) publish it once between them.
    const second = await insertExpired('Expired too');
    const counts = await Promise.all([scheduler.publishDue(), scheduler.publishDue()]);
    expect(counts.sort()).toEqual([0, 1]);
    await settle();
    const updates = exec.events.filter((x) => x.type === 'announcement.updated') as Envelope<'announcement.updated'>[];
    expect(updates.map((u) => u.payload.announcement._id)).toEqual([first, second]);
  });

  describe('replay', () => {
    it('replays exactly the missed announcement events, in order, then sync', async () => {
      const tenant = await createTenant(t, root, 2);
      const first = await connect(tenant.admin.token);
      const kept = await create(tenant, { title: 'Before the disconnect' });
      await first.waitFor('announcement.created');
      const since = lastSeq(first);
      first.close();

      const missed = await create(tenant, { title: 'While away' });
      await t.http.put(`/api/announcements/${missed._id}`).set(bearer(tenant.admin.token)).send({ priority: 'urgent' });
      await t.http.put(`/api/announcements/${missed._id}/pin`).set(bearer(tenant.admin.token)).send({ isPinned: true });
      await t.http.delete(`/api/announcements/${kept._id}`).set(bearer(tenant.admin.token));

      const again = await record(t, tenant.admin.token, since);
      open.push(again);
      // The executives' bell broadcast is a company event too: the admin's client ignores it (it names executives).
      // Each change's audit entry reaches the admin as well (docs/audit.md); they are not this test's subject.
      const announced = again.messages.filter((m) => m.name !== 'audit.recorded');
      expect(announced.map((m) => m.name)).toEqual(['announcement.created', 'notification.broadcast', 'announcement.updated', 'announcement.pinned', 'announcement.deleted', 'sync']);
      expect(again.messages.filter((m) => m.name === 'audit.recorded').length).toBeGreaterThan(0);
      const seqs = announced.slice(0, 5).map((m) => m.body.seq!);
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
      expect(seqs[0]).toBeGreaterThan(since);
      expect(announced[5].body.seq).toBeGreaterThanOrEqual(seqs[4]);
      const payload = announced[4].body as unknown as Envelope<'announcement.deleted'>;
      expect(payload.payload).toEqual({ announcementId: kept._id });
    });

    it("replays an executive's company events and the broadcast their own bell entry comes from", async () => {
      const tenant = await createTenant(t, root, 2);
      const [me, colleague] = tenant.executives;
      const live = await connect(me.token);
      const before = await create(tenant, { title: 'One' });
      await live.waitFor('notification.broadcast');
      const since = lastSeq(live);
      live.close();

      const missed = await create(tenant, { title: 'Two' });
      const again = await record(t, me.token, since);
      open.push(again);
      expect(again.messages.map((m) => m.name)).toEqual(['announcement.created', 'notification.broadcast', 'sync']);
      const created = again.messages[0].body as unknown as Envelope<'announcement.created'>;
      expect(created.payload.announcement._id).toBe(missed._id);
      const note = again.messages[1].body as unknown as Envelope<'notification.broadcast'>;
      expect(before._id).not.toBe(missed._id);
      // What the replay gives me is what the server stores for me, and mine only: the colleague's copy differs.
      const mine = ownBroadcastCopy(note.payload, me.user._id);
      const list = (await t.http.get('/api/notifications').set(bearer(me.token))).body as NotificationList;
      expect(list.items[0]).toEqual(mine);
      expect(list.unread).toBe(2);
      const theirs = await t.http.get('/api/notifications').set(bearer(colleague.token));
      expect(theirs.body.items.map((n: { _id: string }) => n._id)).not.toContain(mine._id);
      expect(theirs.body.items[0]).toEqual(ownBroadcastCopy(note.payload, colleague.user._id));
      expect(theirs.body.unread).toBe(2);
    });

    it("never replays another company's events", async () => {
      const outsider = await record(t, b.admin.token);
      const since = outsider.messages[0].body.seq!;
      outsider.close();
      await create(a, { title: 'Company A secret' });
      const again = await record(t, b.admin.token, since);
      open.push(again);
      expect(again.messages.map((m) => m.name)).toEqual(['sync']);
      const fromZero = await record(t, b.executives[0].token, 0);
      open.push(fromZero);
      expect(JSON.stringify(fromZero.messages)).not.toContain('Company A secret');
      expect(fromZero.messages.every((m) => m.name === 'sync' || (m.body as EventEnvelope).companyId === b.company._id)).toBe(true);
    });

    it('answers sync with nothing to replay when the client is up to date, and resync for a sequence it never issued', async () => {
      const tenant = await createTenant(t, root, 0);
      await create(tenant);
      const head = await record(t, tenant.admin.token);
      open.push(head);
      const seq = head.messages[0].body.seq!;
      expect(head.messages).toEqual([{ name: 'sync', body: { seq } }]);
      const upToDate = await record(t, tenant.admin.token, seq);
      open.push(upToDate);
      expect(upToDate.messages).toEqual([{ name: 'sync', body: { seq } }]);
      // A sequence beyond the head comes from another database (a reset demo): the client must refetch.
      const ahead = await record(t, tenant.admin.token, seq + 50);
      open.push(ahead);
      expect(ahead.messages).toEqual([{ name: 'resync', body: { seq } }]);
    });

    it('keeps replayed and live events in order, without gaps or repeats, while changes go on during the reconnect', async () => {
      const tenant = await createTenant(t, root, 0);
      const first = await connect(tenant.admin.token);
      await create(tenant, { title: 'start' });
      await first.waitFor('announcement.created');
      const since = lastSeq(first);
      first.close();
      for (let i = 0; i < 5; i++) await create(tenant, { title: `missed ${i}` });

      const burst = Promise.all(Array.from({ length: 12 }, (_, i) => create(tenant, { title: `burst ${i}` })));
      const again = await record(t, tenant.admin.token, since);
      open.push(again);
      await burst;
      await settle(300);
      // Every announcement and its audit entry (docs/audit.md): gap-free, in order, once each.
      const seqs = again.messages.filter((m) => m.name !== 'sync').map((m) => m.body.seq!);
      expect(again.messages.filter((m) => m.name === 'announcement.created')).toHaveLength(17);
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => since + 1 + i));
      const syncAt = again.messages.findIndex((m) => m.name === 'sync');
      const syncSeq = again.messages[syncAt].body.seq!;
      // Everything before sync is replay up to its seq; everything after is live and newer.
      expect(again.messages.slice(0, syncAt).every((m) => m.body.seq! <= syncSeq)).toBe(true);
      expect(again.messages.slice(syncAt + 1).every((m) => m.body.seq! > syncSeq)).toBe(true);
    });

    it('gives a client that asks for it the same replay in one message, then sync, then the live events in order', async () => {
      const tenant = await createTenant(t, root, 1);
      const [me] = tenant.executives;
      const first = await connect(me.token);
      await create(tenant, { title: 'start' });
      await first.waitFor('notification.broadcast');
      const since = lastSeq(first);
      first.close();
      for (let i = 0; i < 3; i++) await create(tenant, { title: `missed ${i}` });

      const each = await record(t, me.token, since);
      open.push(each);
      const burst = Promise.all(Array.from({ length: 6 }, (_, i) => create(tenant, { title: `burst ${i}` })));
      const batched = await record(t, me.token, since, 'batch');
      open.push(batched);
      await burst;
      await settle(300);

      const syncAt = batched.messages.findIndex((m) => m.name === 'sync');
      expect(batched.messages.slice(0, syncAt).map((m) => m.name)).toEqual(['replay']);
      const replayed = batched.messages[0].body as unknown as EventEnvelope[];
      // What the per-event client was replayed, event for event (the same envelopes: the same ids, in order), and
      // then whatever of the burst was committed before this handshake read its replay.
      const eachIds = each.messages.slice(0, each.messages.findIndex((m) => m.name === 'sync')).map((m) => m.body.id);
      expect(eachIds.length).toBeGreaterThanOrEqual(6);
      expect(replayed.slice(0, eachIds.length).map((e) => e.id)).toEqual(eachIds);
      // Replay and live events together: in order, each once, the live ones after sync, none of the burst lost.
      const syncSeq = batched.messages[syncAt].body.seq!;
      const all = [...replayed, ...batched.messages.slice(syncAt + 1).map((m) => m.body as unknown as EventEnvelope)];
      const seqs = all.map((e) => e.seq);
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
      expect(new Set(seqs).size).toBe(seqs.length);
      expect(replayed.every((e) => e.seq <= syncSeq)).toBe(true);
      expect(all.slice(replayed.length).every((e) => e.seq > syncSeq)).toBe(true);
      expect(all.filter((e) => e.type === 'announcement.created')).toHaveLength(9);
    });
  });
});
