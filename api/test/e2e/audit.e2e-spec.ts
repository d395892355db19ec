import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/knex';
import type { AuditEntry, AuditKind, AuditVerifyReport, EventPayloads } from '@kpi/contracts';
import { bearer, createMember, createTenant, superadminLogin, type Tenant } from '../utils/factories';
import { connectSocket, startTestApp, type TestApp, type TestSocket } from '../utils/test-app';
import { routeTable } from '../utils/route-table';
import { AuditPruner } from '../../src/modules/audit/audit-pruner';
import { startReceiver, type WebhookReceiver } from '../utils/webhook-receiver';

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/**
 * Write routes that make no audit entry, each with the reason. Everything else that writes must have a sample
 * call below, and that call must leave an entry (docs/audit.md, "What is recorded").
 */
const EXCLUDED: Record<string, string> = {
  'POST /api/auth/login': 'signing in changes nothing an admin manages (the request log records it)',
  'POST /api/auth/forgot-password': 'public: asks for a reset link; nobody is signed in',
  'POST /api/auth/password-links/inspect': 'public: reads a link, changes nothing',
  'POST /api/auth/password-links/redeem': 'public: the person sets their own password through a link; nobody is signed in',
  'POST /api/auth/sso/start': 'public: starts a sign-in, changes nothing',
  'POST /api/mail/unsubscribe': "public: an email's signed unsubscribe link, the person's own preference",
  'PUT /api/notification-preferences': "a person's own email preferences, not a change to anything an admin manages",
  'PUT /api/notifications/read-all': "a person's own read marks",
  'PUT /api/notifications/:id/read': "a person's own read mark",
  'POST /api/walls/pairings': 'public: a screen asks for a pairing code; the admin who claims it is recorded (POST /api/walls/claim)',
  'POST /api/companies/:companyId/sign-in/test': "reads the provider's OpenID configuration, saves nothing",
  'POST /api/imports/dry-run': 'a dry run writes nothing',
  'POST /api/imports': 'the import finishes in the background, outside this request: one import.applied entry with its counts then (its own test below)',
  'POST /api/imports/:id/resume': 'continues the same import, whose one entry is written when it finishes',
};

interface Ctx {
  t: TestApp;
  root: string;
  a: Tenant;
  receiver: WebhookReceiver;
  ids: Record<string, string>;
}
type Call = { method: 'post' | 'put' | 'delete'; path: string; token: string; body?: unknown; status?: number };
/** A sample call of one route: its request (made after the samples before it), and the entry it must leave. */
type Sample = { call: (c: Ctx) => Promise<Call>; kind: AuditKind; after?: (c: Ctx, body: Record<string, unknown>) => void };

/** In order: later samples use what earlier ones made. */
const SAMPLES: [string, Sample][] = [
  ['POST /api/companies', { call: async (c) => ({ method: 'post', path: '/api/companies', token: c.root, body: { name: 'Audited Co', industry: 'Retail', description: 'Made to be deleted' }, status: 201 }), kind: 'company.created', after: (c, b) => void (c.ids.company = b._id as string) }],
  ['PUT /api/companies/:id', { call: async (c) => ({ method: 'put', path: `/api/companies/${c.ids.company}`, token: c.root, body: { industry: 'Wholesale' } }), kind: 'company.updated' }],
  ['POST /api/users', { call: async (c) => ({ method: 'post', path: '/api/users', token: c.a.admin.token, body: { name: 'Ivy Invited', email: 'ivy@audit.test', department: 'Ops', phoneNumber: '+1 555 0101', role: 'executive' }, status: 201 }), kind: 'user.created', after: (c, b) => void (c.ids.user = b._id as string) }],
  ['PUT /api/users/:id', { call: async (c) => ({ method: 'put', path: `/api/users/${c.ids.user}`, token: c.a.admin.token, body: { department: 'Finance' } }), kind: 'user.updated' }],
  ['POST /api/users/:id/invitation', { call: async (c) => ({ method: 'post', path: `/api/users/${c.ids.user}/invitation`, token: c.a.admin.token, status: 201 }), kind: 'user.updated' }],
  ['DELETE /api/users/:id/invitation', { call: async (c) => ({ method: 'delete', path: `/api/users/${c.ids.user}/invitation`, token: c.a.admin.token }), kind: 'user.updated' }],
  ['POST /api/tasks', { call: async (c) => ({ method: 'post', path: '/api/tasks', token: c.a.admin.token, body: { title: 'Audit me', description: 'Work', assignedTo: c.a.executives[0].user._id, deadline: inHours(48), reportLink: 'https://reports.example.com/r' }, status: 201 }), kind: 'task.created', after: (c, b) => void (c.ids.task = b._id as string) }],
  ['PUT /api/tasks/:id', { call: async (c) => ({ method: 'put', path: `/api/tasks/${c.ids.task}`, token: c.a.admin.token, body: { priority: 'high' } }), kind: 'task.updated' }],
  ['PUT /api/tasks/:id/submit', { call: async (c) => ({ method: 'put', path: `/api/tasks/${c.ids.task}/submit`, token: c.a.executives[0].token, body: { content: 'Done' } }), kind: 'task.submitted' }],
  ['PUT /api/tasks/:id/score', { call: async (c) => ({ method: 'put', path: `/api/tasks/${c.ids.task}/score`, token: c.a.admin.token, body: { qualityScore: 8, initiativeScore: 7, feedback: 'Good.' } }), kind: 'task.scored' }],
  ['POST /api/badges/assign', { call: async (c) => ({ method: 'post', path: '/api/badges/assign', token: c.a.admin.token, body: { userId: c.a.executives[0].user._id, badgeId: 'recognition', reason: 'Helped the team' }, status: 201 }), kind: 'badge.awarded' }],
  ['POST /api/announcements', { call: async (c) => ({ method: 'post', path: '/api/announcements', token: c.a.admin.token, body: { title: 'Heads up', content: 'Audit is on', priority: 'medium' }, status: 201 }), kind: 'announcement.created', after: (c, b) => void (c.ids.announcement = b._id as string) }],
  ['PUT /api/announcements/:id', { call: async (c) => ({ method: 'put', path: `/api/announcements/${c.ids.announcement}`, token: c.a.admin.token, body: { title: 'Heads up!' } }), kind: 'announcement.updated' }],
  ['PUT /api/announcements/:id/pin', { call: async (c) => ({ method: 'put', path: `/api/announcements/${c.ids.announcement}/pin`, token: c.a.admin.token, body: { isPinned: true } }), kind: 'announcement.pinned' }],
  ['DELETE /api/announcements/:id', { call: async (c) => ({ method: 'delete', path: `/api/announcements/${c.ids.announcement}`, token: c.a.admin.token }), kind: 'announcement.deleted' }],
  ['POST /api/leaderboard/generate', { call: async () => ({ method: 'post', path: '/api/leaderboard/generate', token: '', body: { type: 'yearly', year: new Date().getUTCFullYear() }, status: 201 }), kind: 'leaderboard.published' }],
  ['POST /api/webhooks', { call: async (c) => ({ method: 'post', path: '/api/webhooks', token: c.a.admin.token, body: { url: c.receiver.url, eventTypes: ['task.scored'], description: 'HR system' }, status: 201 }), kind: 'webhook.created', after: (c, b) => void (c.ids.webhook = (b.endpoint as { _id: string })._id) }],
  ['PUT /api/webhooks/:id', { call: async (c) => ({ method: 'put', path: `/api/webhooks/${c.ids.webhook}`, token: c.a.admin.token, body: { description: 'HR system (new)' } }), kind: 'webhook.updated' }],
  ['POST /api/webhooks/:id/rotate-secret', { call: async (c) => ({ method: 'post', path: `/api/webhooks/${c.ids.webhook}/rotate-secret`, token: c.a.admin.token }), kind: 'webhook.updated' }],
  ['POST /api/webhooks/:id/test', { call: async (c) => ({ method: 'post', path: `/api/webhooks/${c.ids.webhook}/test`, token: c.a.admin.token }), kind: 'webhook.tested' }],
  [
    'POST /api/webhooks/:id/redeliver',
    {
      call: async (c) => {
        const feed = await c.t.http.get('/api/events?after=0').set(bearer(c.a.admin.token)).expect(200);
        return { method: 'post', path: `/api/webhooks/${c.ids.webhook}/redeliver`, token: c.a.admin.token, body: { eventId: feed.body[0].id } };
      },
      kind: 'webhook.redelivered',
    },
  ],
  ['POST /api/webhooks/:id/replay', { call: async (c) => ({ method: 'post', path: `/api/webhooks/${c.ids.webhook}/replay`, token: c.a.admin.token, body: { fromSeq: 1 } }), kind: 'webhook.updated' }],
  ['DELETE /api/webhooks/:id', { call: async (c) => ({ method: 'delete', path: `/api/webhooks/${c.ids.webhook}`, token: c.a.admin.token }), kind: 'webhook.deleted' }],
  ['PUT /api/companies/:companyId/sign-in', { call: async (c) => ({ method: 'put', path: `/api/companies/${c.a.company._id}/sign-in`, token: c.a.admin.token, body: { issuer: 'https://id.example.com', clientId: 'kpi', clientSecret: 'client-secret-value-1', domains: ['audit-example.com'] } }), kind: 'sign-in.updated' }],
  ['DELETE /api/companies/:companyId/sign-in', { call: async (c) => ({ method: 'delete', path: `/api/companies/${c.a.company._id}/sign-in`, token: c.a.admin.token }), kind: 'sign-in.removed' }],
  [
    'POST /api/walls/claim',
    {
      call: async (c) => {
        const pairing = await c.t.http.post('/api/walls/pairings').expect(201);
        return { method: 'post', path: '/api/walls/claim', token: c.a.admin.token, body: { code: pairing.body.code, name: 'Lobby' }, status: 201 };
      },
      kind: 'wall.paired',
      after: (c, b) => void (c.ids.wall = b._id as string),
    },
  ],
  ['DELETE /api/walls/:id', { call: async (c) => ({ method: 'delete', path: `/api/walls/${c.ids.wall}`, token: c.a.admin.token }), kind: 'wall.unpaired' }],
  ['DELETE /api/tasks/:id', { call: async (c) => ({ method: 'delete', path: `/api/tasks/${c.ids.task}`, token: c.a.admin.token }), kind: 'task.deleted' }],
  ['DELETE /api/users/:id', { call: async (c) => ({ method: 'delete', path: `/api/users/${c.ids.user}`, token: c.a.admin.token }), kind: 'user.deleted' }],
  ['PUT /api/auth/change-password', { call: async (c) => ({ method: 'put', path: '/api/auth/change-password', token: c.a.executives[1].token, body: { currentPassword: c.a.executives[1].password, newPassword: 'a-brand-new-pass-2' } }), kind: 'user.updated' }],
  ['DELETE /api/companies/:id', { call: async (c) => ({ method: 'delete', path: `/api/companies/${c.ids.company}`, token: c.root }), kind: 'company.deleted' }],
];

describe('the audit trail', () => {
  let t: TestApp;
  let root: string;
  let a: Tenant;
  let b: Tenant;
  let receiver: WebhookReceiver;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
    root = (await superadminLogin(t)).token;
    a = await createTenant(t, root, 2);
    b = await createTenant(t, root, 1);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await t.close();
    await receiver.close();
  });

  const entries = async (token: string, query = ''): Promise<AuditEntry[]> => (await t.http.get(`/api/audit?limit=200${query}`).set(bearer(token)).expect(200)).body;
  const verify = async (token: string, query = ''): Promise<AuditVerifyReport> => (await t.http.get(`/api/audit/verify${query}`).set(bearer(token)).expect(200)).body;
  const em = (): EntityManager => t.app.get(MikroORM).em.fork() as EntityManager;

  it('every write route is either sampled below or excluded with a reason', () => {
    const writes = routeTable(t.app)
      .filter((r) => r.method !== 'get')
      .map((r) => `${r.method.toUpperCase()} ${r.path}`)
      .sort();
    const covered = [...SAMPLES.map(([route]) => route), ...Object.keys(EXCLUDED)].sort();
    // A new write route fails here until it has a sample (and so an entry) or a stated reason not to.
    expect(writes.filter((r) => !covered.includes(r))).toEqual([]);
    // No sample or exclusion for a route that no longer exists.
    expect(covered.filter((r) => !writes.includes(r))).toEqual([]);
  });

  it('each sampled write leaves exactly its entry, with the caller and the request id', async () => {
    const ctx: Ctx = { t, root, a, receiver, ids: {} };
    const missing: string[] = [];
    for (const [route, sample] of SAMPLES) {
      const call = await sample.call(ctx);
      const token = call.token || a.admin.token;
      const res = await t.http[call.method](call.path).set(bearer(token)).send((call.body ?? {}));
      expect([route, res.status]).toEqual([route, call.status ?? 200]);
      sample.after?.(ctx, res.body);
      const requestId = res.headers['x-request-id'];
      const mine = (await entries(root)).filter((e) => e.requestId === requestId);
      if (!mine.some((e) => e.kind === sample.kind)) missing.push(`${route}: wanted ${sample.kind}, got ${JSON.stringify(mine.map((e) => e.kind))}`);
    }
    expect(missing).toEqual([]);
    // Who: the superadmin's and an executive's own changes name them.
    const all = await entries(root);
    expect(all.find((e) => e.kind === 'company.created')!.actor).toMatchObject({ role: 'superadmin', name: expect.any(String) });
    expect(all.find((e) => e.kind === 'task.submitted')!.actor).toMatchObject({ _id: a.executives[0].user._id, role: 'executive' });
    // One change, one entry: the scoring's copies to the assignee and to the admins are one entry.
    expect(all.filter((e) => e.kind === 'task.scored')).toHaveLength(1);
    // A deleted company's trail stays (the superadmin reads it); its delete entry names it.
    expect(all.find((e) => e.kind === 'company.deleted')!.subject).toMatchObject({ type: 'company', label: 'Audited Co' });
    // The badge's recipient is named (by the name the awarding service has at hand, without a read).
    expect(all.find((e) => e.kind === 'badge.awarded')!.subject.label).toBe(a.executives[0].user.name);
  });

  it('a CSV import leaves one entry, when it finishes, naming who started it and its counts; only its company sees it', async () => {
    const file = Buffer.from('Name,Email,Department,Phone\nImported One,imported.one@audit.test,Sales,+1 555 0111\nImported Two,imported.two@audit.test,Sales,+1 555 0112\n').toString('base64');
    const started = await t.http.post('/api/imports').set(bearer(a.admin.token)).send({ kind: 'executives', fileName: 'people.csv', file });
    expect(started.status).toBe(201);
    let entry: AuditEntry | undefined;
    for (let tries = 0; !entry && tries < 200; tries++) {
      entry = (await entries(a.admin.token, '&kind=import.applied')).find((e) => e.subject.id === (started.body as { id: string }).id);
      if (!entry) await new Promise((done) => setTimeout(done, 50));
    }
    expect(entry).toMatchObject({ kind: 'import.applied', actor: { _id: a.admin.user._id, role: 'admin' }, requestId: null });
    expect(entry!.changes).toEqual(expect.arrayContaining([{ field: 'created', before: null, after: 2 }, { field: 'rejected', before: null, after: 0 }]));
    // The people it created make no entries of their own: one import, one entry.
    expect((await entries(a.admin.token)).filter((e) => e.subject.label === 'Imported One')).toEqual([]);
    expect((await entries(b.admin.token, '&kind=import.applied')).filter((e) => e.subject.id === entry!.subject.id)).toEqual([]);
  });

  it('never records a password, a secret or a token', async () => {
    const text = JSON.stringify(await entries(root));
    for (const secret of ['client-secret-value-1', 'a-brand-new-pass-2', 'temporary-pass-1', a.admin.token]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/"field":"[^"]*(passwordHash|secretEnc|Sealed)/);
    const all = await entries(root);
    // That a secret changed is recorded, without its value.
    expect(all.find((e) => e.kind === 'sign-in.updated')!.changes).toContainEqual({ field: 'clientSecret', before: null, after: null, redacted: true });
    const passwordChange = all.find((e) => e.kind === 'user.updated' && e.actor._id === a.executives[1].user._id)!;
    expect(passwordChange.changes).toEqual([{ field: 'password', before: null, after: null, redacted: true }]);
  });

  it('records before → after for a re-score and a role (activation) change', async () => {
    const exec = a.executives[0];
    const task = await t.http
      .post('/api/tasks')
      .set(bearer(a.admin.token))
      .send({ title: 'Rescore me', description: 'Work', assignedTo: exec.user._id, deadline: inHours(48), reportLink: 'https://reports.example.com/r' })
      .expect(201);
    await t.http.put(`/api/tasks/${task.body._id}/submit`).set(bearer(exec.token)).send({ content: 'Done' }).expect(200);
    await t.http.put(`/api/tasks/${task.body._id}/score`).set(bearer(a.admin.token)).send({ qualityScore: 6, initiativeScore: 6, feedback: 'Fine.' }).expect(200);
    await t.http.put(`/api/tasks/${task.body._id}/score`).set(bearer(a.admin.token)).send({ qualityScore: 9, initiativeScore: 6, feedback: 'Better.' }).expect(200);
    const [rescore] = await entries(a.admin.token, '&kind=task.rescored');
    expect(rescore.subject).toEqual({ type: 'task', id: task.body._id, label: 'Rescore me' });
    expect(rescore.changes).toContainEqual({ field: 'qualityScore', before: 6, after: 9 });
    expect(rescore.changes).toContainEqual({ field: 'feedback', before: 'Fine.', after: 'Better.' });
    expect(rescore.changes.map((c) => c.field)).not.toContain('initiativeScore');

    // The superadmin moves an admin to another company and deactivates them.
    const admin2 = await createMember(t, root, 'admin', a.company._id, { name: 'Moved Admin' });
    const moved = await t.http.put(`/api/users/${admin2.user._id}`).set(bearer(root)).send({ company: b.company._id, isActive: false }).expect(200);
    const [change] = (await entries(root, `&person=${admin2.user._id}&kind=user.updated`)).filter((e) => e.requestId === moved.headers['x-request-id']);
    expect(change.actor.role).toBe('superadmin');
    expect(change.company).toBe(b.company._id);
    expect(change.changes).toEqual(
      expect.arrayContaining([
        { field: 'company', before: a.company.name, after: b.company.name },
        { field: 'isActive', before: true, after: false },
      ]),
    );
    expect(change.changes).toHaveLength(2);
  });

  it("never shows another company's entries, over REST or the socket", async () => {
    const socketB = await connectSocket(t, b.admin.token);
    const socketA = await connectSocket(t, a.admin.token);
    sockets.push(socketA, socketB);
    const made = await t.http.post('/api/announcements').set(bearer(a.admin.token)).send({ title: 'Only for A', content: 'x', priority: 'low' }).expect(201);
    await socketA.waitFor('audit.recorded', 3000, (e) => (e.payload as EventPayloads['audit.recorded']).entry.subject.id === made.body._id);

    const mineB = await entries(b.admin.token);
    expect(mineB.length).toBeGreaterThan(0);
    expect(mineB.every((e) => e.company === b.company._id)).toBe(true);
    expect((await entries(a.admin.token)).every((e) => e.company === a.company._id)).toBe(true);
    expect((await t.http.get(`/api/audit?company=${a.company._id}`).set(bearer(b.admin.token))).status).toBe(403);
    expect((await t.http.get(`/api/audit/verify?company=${a.company._id}`).set(bearer(b.admin.token))).status).toBe(403);
    const csv = await t.http.get('/api/audit/export').set(bearer(b.admin.token)).expect(200);
    expect(csv.text).not.toContain('Only for A');
    expect(socketB.events.filter((e) => e.type === 'audit.recorded' && (e.payload as EventPayloads['audit.recorded']).entry.company !== b.company._id)).toEqual([]);
    // The executives of A hear nothing of the trail.
    expect((await t.http.get('/api/audit').set(bearer(a.executives[0].token))).status).toBe(403);
  });

  it('pages newest first with filters, and exports CSV with formulas neutralised', async () => {
    const first = await t.http.get('/api/audit?limit=2').set(bearer(a.admin.token)).expect(200);
    expect(first.body).toHaveLength(2);
    const next = await t.http.get(`/api/audit?limit=2&cursor=${encodeURIComponent(first.headers['x-next-cursor'])}`).set(bearer(a.admin.token)).expect(200);
    expect(next.body[0]._id).not.toBe(first.body[1]._id);
    expect(Date.parse(next.body[0].at)).toBeLessThanOrEqual(Date.parse(first.body[1].at));
    expect((await t.http.get('/api/audit?kind=nope').set(bearer(a.admin.token))).body).toMatchObject({ statusCode: 400, field: 'kind' });
    expect((await t.http.get('/api/audit?from=yesterday-ish').set(bearer(a.admin.token))).body).toMatchObject({ statusCode: 400, field: 'from' });
    const future = await entries(a.admin.token, `&from=${encodeURIComponent(inHours(1))}`);
    expect(future).toEqual([]);

    await t.http.post('/api/announcements').set(bearer(a.admin.token)).send({ title: '=HYPERLINK("http://evil")', content: 'x', priority: 'low' }).expect(201);
    const csv = await t.http.get('/api/audit/export?kind=announcement.created').set(bearer(a.admin.token)).expect(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });

  it('verify reports an intact chain, and names the entry a raw UPDATE tampered with', async () => {
    expect(await verify(a.admin.token)).toMatchObject({ companyId: a.company._id, intact: true, firstBroken: null });
    const all = await verify(root);
    expect(all).toMatchObject({ intact: true, companyId: null });
    expect(all.checked).toBeGreaterThan(20);

    const victim = (await entries(b.admin.token)).at(-1)!;
    await em().getConnection().execute(`update audit_entries set actor_name = 'Somebody else' where id = ?`, [victim._id]);
    expect(await verify(b.admin.token)).toMatchObject({ intact: false, firstBroken: { id: victim._id, seq: victim.seq, company: b.company._id } });
    expect(await verify(root, `?company=${b.company._id}`)).toMatchObject({ intact: false, firstBroken: { id: victim._id } });
    // Company A's chain is its own: still intact.
    expect(await verify(a.admin.token)).toMatchObject({ intact: true });

    // A removed entry breaks the link of the one after it.
    const aEntries = (await entries(a.admin.token)).reverse();
    await em().getConnection().execute('delete from audit_entries where id = ?', [aEntries[2]._id]);
    expect(await verify(a.admin.token)).toMatchObject({ intact: false, firstBroken: { id: aEntries[3]._id, seq: aEntries[3].seq } });
  });
});

describe('audit retention', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ AUDIT_RETENTION_DAYS: '30' });
  });
  afterAll(() => t.close());

  it("removes only entries older than AUDIT_RETENTION_DAYS, not the event log's business, and the rest still verifies", async () => {
    const root = (await superadminLogin(t)).token;
    const a = await createTenant(t, root, 1);
    for (const title of ['One', 'Two', 'Three']) await t.http.post('/api/announcements').set(bearer(a.admin.token)).send({ title, content: 'x', priority: 'low' }).expect(201);
    const list: AuditEntry[] = (await t.http.get('/api/audit?limit=200').set(bearer(a.admin.token)).expect(200)).body;
    const oldest = [...list].sort((x, y) => x.seq - y.seq).slice(0, 3);
    // Three entries are made 40 days old; the pruner removes exactly them.
    const connection = t.app.get(MikroORM).em.getConnection();
    const longAgo = Date.now() - 40 * 86_400_000;
    for (const e of oldest) await connection.execute('update audit_entries set at = ? where id = ?', [longAgo, e._id]);
    // Dating an entry back breaks its own hash: verify says so until the pruner removes it.
    expect((await t.http.get('/api/audit/verify').set(bearer(a.admin.token)).expect(200)).body).toMatchObject({ intact: false, firstBroken: { id: oldest[0]._id } });
    expect(await t.app.get(AuditPruner).prune()).toBe(3);
    const report = (await t.http.get('/api/audit/verify').set(bearer(a.admin.token)).expect(200)).body;
    expect(report).toMatchObject({ intact: true, pruned: 3, checked: list.length - 3, firstBroken: null });
    // Nothing else is old enough: a second run removes nothing, and new entries still chain on.
    expect(await t.app.get(AuditPruner).prune()).toBe(0);
    await t.http.post('/api/announcements').set(bearer(a.admin.token)).send({ title: 'Four', content: 'x', priority: 'low' }).expect(201);
    expect((await t.http.get('/api/audit/verify').set(bearer(a.admin.token)).expect(200)).body).toMatchObject({ intact: true, checked: list.length - 2 });
  });
});
