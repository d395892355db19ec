import { MikroORM } from '@mikro-orm/core';
import { io } from 'socket.io-client';
import { bearer, createMember, type Tenant, startTwoCompanies } from '../utils/factories';
import { watchStatements } from '../utils/statement-watch';
import { connectSocket, settle, type TestApp, type TestSocket } from '../utils/test-app';

describe('realtime core', () => {
  let t: TestApp;
  let root: string;
  let a: Tenant;
  let b: Tenant;
  const open: TestSocket[] = [];
  const connect = async (token: string, since?: number) => {
    const s = await connectSocket(t, token, since);
    open.push(s);
    return s;
  };

  beforeAll(async () => ({ t, root, a, b } = await startTwoCompanies()));
  afterEach(() => open.splice(0).forEach((s) => s.close()));
  afterAll(() => t.close());

  it('refuses a socket without a valid token', async () => {
    await expect(connectSocket(t, 'garbage')).rejects.toThrow('Please sign in again');
    const bare = io(t.url, { transports: ['websocket'], reconnection: false, forceNew: true });
    const err = await new Promise<Error>((resolve) => bare.once('connect_error', resolve));
    expect(err.message).toBe('Please sign in again');
    bare.close();
  });

  it('sends executive changes to that company\'s admins only', async () => {
    const adminA = await connect(a.admin.token);
    const execA = await connect(a.executives[0].token);
    const adminB = await connect(b.admin.token);
    const superSock = await connect(root);

    const res = await t.http.post('/api/users').set(bearer(a.admin.token))
      .send({ name: 'Live Newcomer', email: 'live.newcomer@kpi.test', department: 'Sales', phoneNumber: '1', password: 'temporary-1', role: 'executive' });
    expect(res.status).toBe(201);

    const created = await adminA.waitFor('user.created');
    expect(created).toMatchObject({ type: 'user.created', companyId: a.company._id, payload: { user: { name: 'Live Newcomer' } } });
    expect(created.seq).toBeGreaterThan(0);
    expect(JSON.stringify(created)).not.toMatch(/passwordHash|argon2/);
    // The superadmin hears that the company's counts changed, not the executive itself.
    await superSock.waitFor('company.updated', 3000, (e) => (e.payload as { company: { _id: string } }).company._id === a.company._id);
    await settle();
    expect(execA.events.some((e) => e.type === 'user.created')).toBe(false);
    expect(adminB.events.some((e) => e.type === 'user.created')).toBe(false);
    expect(superSock.events.some((e) => e.type === 'user.created')).toBe(false);
  });

  it('sends company and admin changes to the superadmin stream only', async () => {
    const superSock = await connect(root);
    const adminA = await connect(a.admin.token);
    const company = await t.http.post('/api/companies').set(bearer(root)).send({ name: 'Streamed Co', industry: 'x', description: 'y' });
    const admin = await t.http.post('/api/users').set(bearer(root))
      .send({ name: 'Streamed Admin', email: 'streamed.admin@kpi.test', department: 'Ops', phoneNumber: '1', password: 'temporary-1', role: 'admin', company: company.body._id });
    const c = await superSock.waitFor('company.created');
    const ad = await superSock.waitFor('admin.created');
    expect(c.payload).toMatchObject({ company: { name: 'Streamed Co' } });
    expect(ad.payload).toMatchObject({ user: { _id: admin.body._id } });
    expect(ad.seq).toBeGreaterThan(c.seq);
    await settle();
    expect(adminA.events.filter((e) => e.type.startsWith('company.') || e.type.startsWith('admin.'))).toEqual([]);
  });

  it('ignores a client that asks to join rooms', async () => {
    const execB = await connect(b.executives[0].token);
    execB.socket.emit('join', `company:${a.company._id}`);
    execB.socket.emit('subscribe', { room: `company:${a.company._id}:admins` });
    await settle(100);
    await t.http.post('/api/users').set(bearer(a.admin.token))
      .send({ name: 'Secret Hire', email: 'secret.hire@kpi.test', department: 'Sales', phoneNumber: '1', password: 'temporary-1', role: 'executive' });
    await settle();
    expect(execB.events).toEqual([]);
    expect(execB.socket.connected).toBe(true);
  });

  it('revokes a deactivated user\'s sockets at once', async () => {
    const exec = a.executives[1];
    const sock = await connect(exec.token);
    const disconnected = new Promise<string>((resolve) => sock.socket.once('disconnect', resolve));
    await t.http.put(`/api/users/${exec.user._id}`).set(bearer(a.admin.token)).send({ isActive: false });
    const revoked = await sock.waitFor('session.revoked');
    expect(revoked.payload).toMatchObject({ reason: 'deactivated' });
    expect(await disconnected).toBe('io server disconnect');
    await expect(connectSocket(t, exec.token)).rejects.toThrow('Please sign in again');
  });

  it('replays exactly the missed events this user may see, then syncs', async () => {
    const adminSock = await connect(a.admin.token);
    const before = adminSock.syncSeq;
    adminSock.close();
    const names = ['Missed One', 'Missed Two'];
    for (const [i, name] of names.entries()) {
      await t.http.post('/api/users').set(bearer(a.admin.token))
        .send({ name, email: `missed.${i}@kpi.test`, department: 'Sales', phoneNumber: '1', password: 'temporary-1', role: 'executive' });
    }
    const back = await connect(a.admin.token, before);
    const replayed = back.events.filter((e) => e.type === 'user.created').map((e) => (e.payload as { user: { name: string } }).user.name);
    expect(replayed).toEqual(names);
    const seqs = back.events.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));

    // An executive of the same company replaying the same range sees none of the admins-only events.
    const execBack = await connect(a.executives[0].token, before);
    expect(execBack.events.filter((e) => e.type === 'user.created')).toEqual([]);
  });

  it('replays what each person may see after the stream moved past a replay, and tells whoever missed more to refetch', async () => {
    // Company B: company A's second executive was deactivated above.
    const mine = b.executives[0];
    const other = await createMember(t, b.admin.token, 'executive', b.company._id);
    const headFor = async (token: string) => {
      const s = await connect(token);
      open.splice(open.indexOf(s), 1);
      s.close();
      return s.syncSeq;
    };
    const since = { admin: await headFor(b.admin.token), mine: await headFor(mine.token), other: await headFor(other.token) };
    const task = await t.http
      .post('/api/tasks')
      .set(bearer(b.admin.token))
      .send({ title: 'Draft 0', description: 'Edited all day', assignedTo: mine.user._id, deadline: new Date(Date.now() + 86_400_000).toISOString(), reportLink: 'https://reports.example.com/r' })
      .expect(201);
    // More than a replay's worth of the company's events: the admins see every edit twice over (theirs and the audit
    // trail's), the assignee once, the other executive none.
    const edits = 520;
    for (let i = 1; i <= edits; i++) await t.http.put(`/api/tasks/${task.body._id}`).set(bearer(b.admin.token)).send({ title: `Draft ${i}` }).expect(200);

    const [admin, one, two] = await Promise.all([connect(b.admin.token, since.admin), connect(mine.token, since.mine), connect(other.token, since.other)]);
    expect(admin.resynced).toBe(true);
    expect(one.resynced).toBe(false);
    expect(one.events.filter((e) => e.type === 'task.updated').map((e) => (e.payload as { task: { title: string } }).task.title)).toEqual(
      Array.from({ length: edits }, (_, i) => `Draft ${i + 1}`),
    );
    expect(two.resynced).toBe(false);
    expect(two.events.filter((e) => e.type.startsWith('task.'))).toEqual([]);
    expect(two.syncSeq).toBe(one.syncSeq);
  });

  it('replays one span for a whole office with one read, each person getting only their share', async () => {
    // Company B: company A's people replayed above, and a person's replays are budgeted per minute.
    const first = b.executives[0];
    const second = await createMember(t, b.admin.token, 'executive', b.company._id);
    const before = (await connect(b.admin.token)).syncSeq;
    open.splice(0).forEach((s) => s.close());
    const assign = async (to: string, title: string) =>
      (await t.http.post('/api/tasks').set(bearer(b.admin.token)).send({ title, description: 'Work', assignedTo: to, deadline: new Date(Date.now() + 86_400_000).toISOString(), reportLink: 'https://reports.example.com/r' })).body as { _id: string };
    await assign(first.user._id, 'For the first');
    await assign(second.user._id, 'For the second');

    let eventLogReads = 0;
    const stop = watchStatements(t.app.get(MikroORM), (sql) => void (/from [`"]?event_log[`"]?/i.test(sql) && eventLogReads++));
    // The office reconnects at once, each from the same point: as after a restart.
    const [admin, one, two] = await Promise.all([connect(b.admin.token, before), connect(first.token, before), connect(second.token, before)]).finally(stop);

    const assigned = (s: typeof admin) => s.events.filter((e) => e.type === 'task.assigned').map((e) => (e.payload as { task: { title: string } }).task.title);
    expect(assigned(admin)).toEqual(['For the first', 'For the second']);
    expect(assigned(one)).toEqual(['For the first']);
    expect(assigned(two)).toEqual(['For the second']);
    // One read of the log's oldest row and one of the span, shared by the three.
    expect(eventLogReads).toBe(2);
  });
});
