import { broadcastNotificationId, type EventEnvelope, type EventPayloads } from '@kpi/contracts';
import { MikroORM } from '@mikro-orm/sqlite';
import { isSessionLookup } from '../../src/modules/users/session-users.query';
import { bearer, createTenant, superadminLogin, type Tenant } from '../utils/factories';
import { connectSocket, settle, startTestApp, type TestApp, type TestSocket } from '../utils/test-app';

type Envelope<T extends keyof EventPayloads> = EventEnvelope<T>;

/**
 * Posting an announcement notifies every active executive of the company at a cost that does not grow with
 * their number: the same statements with the same number of bound values, and the same two events (the
 * announcement and one bell broadcast), for 2 executives or 20. Another company gets no row and no event.
 */
describe('announcement fan-out', () => {
  let t: TestApp;
  let small: Tenant;
  let large: Tenant;
  let other: Tenant;
  const open: TestSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    const root = (await superadminLogin(t)).token;
    small = await createTenant(t, root, 2);
    large = await createTenant(t, root, 20);
    other = await createTenant(t, root, 3);
  });
  afterEach(() => open.splice(0).forEach((s) => s.close()));
  afterAll(() => t.close());

  const connection = () => t.app.get(MikroORM).em.getConnection();
  const rowsOf = async (sql: string, params: unknown[]) => (await connection().execute<Record<string, unknown>[]>(sql, params)) as Record<string, unknown>[];
  const notificationsOf = (tenant: Tenant) =>
    rowsOf('select n.id, n.user_id from notifications n join users u on u.id = n.user_id where u.company_id = ?', [tenant.company._id]);
  const eventsIn = async (tenant: Tenant) => Number((await rowsOf('select count(*) as n from event_log where stream = ?', [tenant.company._id]))[0].n);

  /** Posts one announcement as the tenant's admin, counting the statements it runs and the values they bind. */
  async function post(tenant: Tenant, title: string) {
    const conn = connection();
    const original = conn.execute.bind(conn);
    let statements = 0;
    let values = 0;
    conn.execute = ((...args: Parameters<typeof original>) => {
      const [query, params] = args;
      // The caller's session lookup is cached for up to a second, so whether it runs depends on timing: not counted.
      if (!isSessionLookup(query)) {
        statements++;
        // A query builder (typed out of the union here) carries its own bindings.
        values += typeof query === 'string' ? (params?.length ?? 0) : (query as { toSQL(): { bindings: unknown[] } }).toSQL().bindings.length;
      }
      return original(...args);
    }) as typeof conn.execute;
    try {
      const res = await t.http.post('/api/announcements').set(bearer(tenant.admin.token)).send({ title, content: 'Details inside' });
      expect(res.status).toBe(201);
      return { statements, values };
    } finally {
      conn.execute = original;
    }
  }

  it('costs the same statements and events for 20 executives as for 2', async () => {
    const events = [await eventsIn(small), await eventsIn(large)];
    // Warm up: the first post of the app reads metadata the later ones do not.
    await post(other, 'Warm-up');
    const two = await post(small, 'For two');
    const twenty = await post(large, 'For twenty');
    expect(twenty).toEqual(two);
    // Eight, and the audit trail's entry (docs/audit.md), written in the same trips.
    expect(two.statements).toBeLessThanOrEqual(9);
    // The announcement, one broadcast to the company and the admins' audit entry, whatever the number of executives.
    expect(await eventsIn(small)).toBe(events[0] + 3);
    expect(await eventsIn(large)).toBe(events[1] + 3);
    // And still a row for each of them.
    expect(await notificationsOf(small)).toHaveLength(2);
    expect(await notificationsOf(large)).toHaveLength(20);
  });

  it("writes every executive's row under the id their client derives, and nothing in another company", async () => {
    const [exec] = large.executives;
    const sockets = [await connectSocket(t, exec.token), await connectSocket(t, large.admin.token)];
    const outsiders = [await connectSocket(t, other.admin.token), ...(await Promise.all(other.executives.map((e) => connectSocket(t, e.token))))];
    open.push(...sockets, ...outsiders);
    const before = { rows: await notificationsOf(other), events: await eventsIn(other), large: (await notificationsOf(large)).length };

    await post(large, 'Quarterly results');
    const broadcast = (await sockets[0].waitFor('notification.broadcast')) as Envelope<'notification.broadcast'>;
    expect(broadcast.payload).toEqual({
      batch: expect.any(String),
      role: 'executive',
      notification: { kind: 'announcement.created', title: 'New announcement', body: 'Quarterly results', link: '/executive/announcements', createdAt: expect.any(String) },
    });
    await sockets[1].waitFor('notification.broadcast');

    const rows = (await notificationsOf(large)).filter((r) => (r.id as string).startsWith(broadcast.payload.batch.slice(0, 19)));
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.user_id))).toEqual(new Set(large.executives.map((e) => e.user._id)));
    for (const r of rows) expect(r.id).toBe(broadcastNotificationId(broadcast.payload.batch, r.user_id as string));
    expect((await notificationsOf(large)).length).toBe(before.large + 20);

    await settle();
    for (const s of outsiders) expect(s.events).toEqual([]);
    expect(await notificationsOf(other)).toEqual(before.rows);
    expect(await eventsIn(other)).toBe(before.events);
  });

  it('records no broadcast for a company without active executives', async () => {
    const root = (await superadminLogin(t)).token;
    const empty = await createTenant(t, root, 0);
    const admin = await connectSocket(t, empty.admin.token);
    open.push(admin);
    await post(empty, 'Nobody to tell');
    await admin.waitFor('announcement.created');
    await settle();
    // The announcement, and its audit entry for the admins (docs/audit.md); no broadcast.
    expect(admin.events.map((e) => e.type)).toEqual(['announcement.created', 'audit.recorded']);
    expect(Number((await rowsOf("select count(*) as n from event_log where stream = ? and type <> 'audit.recorded'", [empty.company._id]))[0].n)).toBe(1);
  });
});
