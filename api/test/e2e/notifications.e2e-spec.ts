import { ownBroadcastCopy, type EventEnvelope, type EventPayloads, type Notification, type NotificationList } from '@kpi/contracts';
import { bearer, createTenant, superadminLogin, type Member, type Tenant } from '../utils/factories';
import { connectSocket, settle, startTestApp, type TestApp, type TestSocket } from '../utils/test-app';

type Envelope<T extends keyof EventPayloads> = EventEnvelope<T>;

describe('notifications', () => {
  let t: TestApp;
  let root: string;
  const open: TestSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    root = (await superadminLogin(t)).token;
  });
  afterEach(() => open.splice(0).forEach((s) => s.close()));
  afterAll(() => t.close());

  const connect = async (token: string) => {
    const socket = await connectSocket(t, token);
    open.push(socket);
    return socket;
  };
  /** Announcements notify every executive of the company: the simplest way to give them something to read. */
  const announce = async (tenant: Tenant, title: string) => {
    await settle(5); // distinct creation times keep "newest first" well defined
    const res = await t.http.post('/api/announcements').set(bearer(tenant.admin.token)).send({ title, content: 'Details inside' });
    if (res.status !== 201) throw new Error(`announce: ${res.status} ${JSON.stringify(res.body)}`);
  };
  const list = async (member: Member | string): Promise<NotificationList> => {
    const res = await t.http.get('/api/notifications').set(bearer(typeof member === 'string' ? member : member.token));
    expect(res.status).toBe(200);
    return res.body;
  };
  const markRead = (member: Member, id: string) => t.http.put(`/api/notifications/${id}/read`).set(bearer(member.token));
  const markAll = (member: Member) => t.http.put('/api/notifications/read-all').set(bearer(member.token));

  it('lists newest first with the unread count, in the contract shape', async () => {
    const tenant = await createTenant(t, root, 1);
    const [me] = tenant.executives;
    expect(await list(me)).toEqual({ items: [], unread: 0 });
    for (const title of ['first', 'second', 'third']) await announce(tenant, title);
    const { items, unread } = await list(me);
    expect(unread).toBe(3);
    expect(items.map((n) => n.body)).toEqual(['third', 'second', 'first']);
    expect(items[0]).toEqual({
      _id: expect.any(String),
      kind: 'announcement.created',
      title: 'New announcement',
      body: 'third',
      link: '/executive/announcements',
      readAt: null,
      createdAt: expect.any(String),
    } satisfies Record<keyof Notification, unknown>);
    expect(Date.parse(items[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(items[2].createdAt));
  });

  it('marks one read, answering the new list; another user cannot touch it (404)', async () => {
    const tenant = await createTenant(t, root, 2);
    const [me, colleague] = tenant.executives;
    await announce(tenant, 'one');
    await announce(tenant, 'two');
    const mine = (await list(me)).items;
    const target = mine.find((n) => n.body === 'one')!;

    for (const intruder of [colleague, tenant.admin]) {
      const res = await markRead(intruder, target._id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, message: 'Notification not found', code: 'NOT_FOUND' });
    }
    const outsider = (await createTenant(t, root, 1)).executives[0];
    expect((await markRead(outsider, target._id)).status).toBe(404);
    expect((await t.http.put(`/api/notifications/${target._id}/read`).set(bearer(root))).status).toBe(404);
    expect((await list(me)).unread).toBe(2);

    const res = await markRead(me, target._id);
    expect(res.status).toBe(200);
    expect(res.body.unread).toBe(1);
    const read = (res.body as NotificationList).items.find((n) => n._id === target._id)!;
    expect(Date.parse(read.readAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect((res.body as NotificationList).items.find((n) => n.body === 'two')!.readAt).toBeNull();
    expect(await list(me)).toEqual(res.body);
    // Marking it again changes nothing.
    const again = await markRead(me, target._id);
    expect(again.status).toBe(200);
    expect(again.body.unread).toBe(1);
    expect(again.body.items.find((n: Notification) => n._id === target._id).readAt).toBe(read.readAt);
    // The colleague's own notifications are untouched.
    expect((await list(colleague)).unread).toBe(2);
    expect((await markRead(me, 'no-such-notification')).status).toBe(404);
  });

  it('marks all read for the caller only', async () => {
    const tenant = await createTenant(t, root, 2);
    const [me, colleague] = tenant.executives;
    for (const title of ['a', 'b', 'c']) await announce(tenant, title);
    await markRead(me, (await list(me)).items[0]._id);
    const res = await markAll(me);
    expect(res.status).toBe(200);
    expect(res.body.unread).toBe(0);
    expect(res.body.items).toHaveLength(3);
    expect(res.body.items.every((n: Notification) => n.readAt !== null)).toBe(true);
    expect((await list(me)).unread).toBe(0);
    expect((await list(colleague)).unread).toBe(3);
    // Nothing left to read is fine too.
    expect((await markAll(me)).body.unread).toBe(0);
    await announce(tenant, 'd');
    expect((await list(me)).unread).toBe(1);
  });

  it("tells the user's other sockets, and only theirs, with the new unread count", async () => {
    const tenant = await createTenant(t, root, 2);
    const [me, colleague] = tenant.executives;
    await announce(tenant, 'x');
    await announce(tenant, 'y');
    const [tabA, tabB] = [await connect(me.token), await connect(me.token)];
    const theirs = await connect(colleague.token);
    const admin = await connect(tenant.admin.token);
    const target = (await list(me)).items[0];

    await markRead(me, target._id);
    for (const tab of [tabA, tabB]) {
      const e = (await tab.waitFor('notification.read')) as Envelope<'notification.read'>;
      expect(e.payload).toEqual({ ids: [target._id], unread: 1 });
    }
    await markAll(me);
    for (const tab of [tabA, tabB]) {
      const e = (await tab.waitFor('notification.read', 3000, (x) => (x as Envelope<'notification.read'>).payload.ids === 'all')) as Envelope<'notification.read'>;
      expect(e.payload).toEqual({ ids: 'all', unread: 0 });
    }
    await settle();
    expect(theirs.events.filter((e) => e.type.startsWith('notification.'))).toEqual([]);
    expect(admin.events.filter((e) => e.type.startsWith('notification.'))).toEqual([]);

    // A new announcement's notification reaches both tabs as the same broadcast: each derives the same entry,
    // the one the server stores for me, and adds one to the count they agreed on (0).
    await announce(tenant, 'z');
    const entries = [];
    for (const tab of [tabA, tabB]) {
      const e = (await tab.waitFor('notification.broadcast')) as Envelope<'notification.broadcast'>;
      entries.push(ownBroadcastCopy(e.payload, me.user._id));
    }
    expect(entries[1]).toEqual(entries[0]);
    expect(await list(me)).toEqual({ items: [entries[0], ...(await list(me)).items.slice(1)], unread: 1 });
    // The colleague heard the same company event; their copy is their own.
    const theirCopy = ownBroadcastCopy(((await theirs.waitFor('notification.broadcast')) as Envelope<'notification.broadcast'>).payload, colleague.user._id);
    expect((await list(colleague)).items[0]).toEqual(theirCopy);
    expect(theirCopy._id).not.toBe(entries[0]._id);
  });

  it('shows users only their own notifications, across users and companies', async () => {
    const a = await createTenant(t, root, 2);
    const b = await createTenant(t, root, 1);
    await announce(a, 'for A');
    await announce(b, 'for B');
    const [a1, a2] = a.executives;
    const ids = async (m: Member) => new Set((await list(m)).items.map((n) => n._id));
    const [one, two, three] = [await ids(a1), await ids(a2), await ids(b.executives[0])];
    expect(one.size).toBe(1);
    expect(two.size).toBe(1);
    expect([...one].some((id) => two.has(id) || three.has(id))).toBe(false);
    expect((await list(b.executives[0])).items.map((n) => n.body)).toEqual(['for B']);
    expect((await list(a.admin)).items).toEqual([]);
    expect(await list(root)).toEqual({ items: [], unread: 0 });
    // Reading all of mine leaves everyone else's unread.
    await markAll(a1);
    expect((await list(a2)).unread).toBe(1);
    expect((await list(b.executives[0])).unread).toBe(1);
  });

  it('requires a token', async () => {
    expect((await t.http.get('/api/notifications')).status).toBe(401);
    expect((await t.http.put('/api/notifications/read-all')).status).toBe(401);
  });
});
