import { MikroORM } from '@mikro-orm/core';
import { formatPairingCode, PAIRING_SECRET_HEADER, type EventEnvelope, type EventPayloads, type PairingStatus, type Task, type WallDisplay, type WallPairing } from '@kpi/contracts';
import { EventLog } from '../../src/events/event-log.entity';
import { bearer, createCompany, createMember, createTenant, superadminLogin, type Member, type Tenant } from '../utils/factories';
import { connectSocket, settle, type TestApp, type TestSocket } from '../utils/test-app';
import { createScratchDatabase, describeScale, startInstance, type ScratchDatabase } from './scale-env';

const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString();
/** Live events cross Redis: allow more than the single-instance suites do. */
const WAIT_MS = 8000;

/**
 * Two api instances, A and B, on one PostgreSQL database and one Redis (docs/scale-out.md): what is caused
 * through A reaches sockets connected to B, in order and without gaps, and never another company's sockets.
 */
describeScale('two api instances sharing PostgreSQL and Redis', (env) => {
  let db: ScratchDatabase;
  let A: TestApp;
  let B: TestApp;
  let rootToken: string;
  let x: Tenant;
  let y: Tenant;
  const sockets: TestSocket[] = [];
  const track = (s: TestSocket) => (sockets.push(s), s);

  beforeAll(async () => {
    db = await createScratchDatabase(env);
    A = await startInstance(db, env);
    B = await startInstance(db, env);
    rootToken = (await superadminLogin(A)).token;
    x = await createTenant(A, rootToken, 1);
    y = await createTenant(A, rootToken, 1);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await Promise.all([A?.close(), B?.close()]);
    await db?.drop();
  });

  /** The event log of one stream, read through instance A's database connection. */
  const log = (stream: string) => A.app.get(MikroORM).em.fork().find(EventLog, { stream }, { orderBy: { seq: 'asc' } });
  /** What a member of the company may see of its stream (the audiences of contracts/src/realtime/events.ts). */
  const visibleTo = (member: Member, role: 'admin' | 'executive') => (row: EventLog) =>
    row.audienceKind === 'company' || (row.audienceKind === 'admins' && role === 'admin') || (row.audienceKind === 'user' && row.audienceUserId === member.user._id);
  const ofCompany = (companyId: string) => (e: EventEnvelope) => e.companyId === companyId;

  it('each instance reports PostgreSQL and Redis up at /api/health', async () => {
    for (const instance of [A, B]) {
      const res = await instance.http.get('/api/health');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok', checks: { database: { status: 'up' }, redis: { status: 'up' } } });
    }
  });

  it('user.created and task.scored caused through A reach sockets on B, gap-free and in order; another company hears nothing', async () => {
    const adminOnB = track(await connectSocket(B, x.admin.token));
    const execOnB = track(await connectSocket(B, x.executives[0].token));
    const otherAdminOnB = track(await connectSocket(B, y.admin.token));
    const otherExecOnB = track(await connectSocket(B, y.executives[0].token));
    const rootOnB = track(await connectSocket(B, rootToken));

    // A new executive, created through A: the company's admins hear it on B.
    const hired = await createMember(A, x.admin.token, 'executive', x.company._id, { name: 'Hired Through A' });
    const created = await adminOnB.waitFor('user.created', WAIT_MS, (e) => (e.payload as EventPayloads['user.created']).user._id === hired.user._id);
    expect(created.companyId).toBe(x.company._id);

    // A task assigned, submitted and scored, every call through A: the assignee and the admins hear the score on B.
    const exec = x.executives[0];
    const create = await A.http
      .post('/api/tasks')
      .set(bearer(x.admin.token))
      .send({ title: 'Scaled task', description: 'Crosses instances', assignedTo: exec.user._id, deadline: inDays(3), reportLink: 'https://reports.example.com/scale' });
    expect(create.status).toBe(201);
    const task = create.body as Task;
    await A.http.put(`/api/tasks/${task._id}/submit`).set(bearer(exec.token)).send({ content: 'Done on A' }).expect(200);
    await A.http.put(`/api/tasks/${task._id}/score`).set(bearer(x.admin.token)).send({ qualityScore: 9, initiativeScore: 8, feedback: 'Good.' }).expect(200);
    const forTask = (e: EventEnvelope) => (e.payload as EventPayloads['task.scored']).task?._id === task._id;
    const scoredForExec = await execOnB.waitFor('task.scored', WAIT_MS, forTask);
    const scoredForAdmin = await adminOnB.waitFor('task.scored', WAIT_MS, forTask);
    expect((scoredForExec.payload as EventPayloads['task.scored']).task.scoring?.totalScore).toBe(9.2);
    expect((scoredForAdmin.payload as EventPayloads['task.scored']).task.scoring?.totalScore).toBe(9.2);

    // The superadmin's system stream crosses too.
    const company = await createCompany(A, rootToken, 'Made Through A');
    await rootOnB.waitFor('company.created', WAIT_MS, (e) => (e.payload as EventPayloads['company.created']).company._id === company._id);

    // The company stream is gap-free (1..n), and each socket on B received exactly what it may see of it after its
    // sync, in sequence order. Events of the stream still in flight are awaited, not raced.
    const rows = await log(x.company._id);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    for (const [socket, member, role] of [
      [adminOnB, x.admin, 'admin'],
      [execOnB, exec, 'executive'],
    ] as const) {
      const expected = rows.filter((r) => r.seq > socket.syncSeq && visibleTo(member, role)(r)).map((r) => [r.seq, r.id, r.type]);
      await socket.waitFor(String(expected.at(-1)?.[2]), WAIT_MS, (e) => e.id === expected.at(-1)?.[1]);
      expect(socket.events.filter(ofCompany(x.company._id)).map((e) => [e.seq, e.id, e.type])).toEqual(expected);
    }

    // Nothing of company X reached company Y's sockets on B (nor anything at all: Y was quiet).
    await settle(500);
    expect(otherAdminOnB.events).toEqual([]);
    expect(otherExecOnB.events).toEqual([]);
  });

  it('replays across instances: disconnect from A, change through B, reconnect to A with since', async () => {
    const exec = x.executives[0];
    const first = await connectSocket(A, exec.token);
    const since = first.syncSeq;
    first.close();

    // While the executive is away, the admin works through B.
    const create = await B.http
      .post('/api/tasks')
      .set(bearer(x.admin.token))
      .send({ title: 'Missed while away', description: 'Made on B', assignedTo: exec.user._id, deadline: inDays(2), reportLink: 'https://reports.example.com/away' });
    expect(create.status).toBe(201);
    const notice = await B.http.post('/api/announcements').set(bearer(x.admin.token)).send({ title: 'Made on B', content: 'Read me after reconnecting' });
    expect(notice.status).toBe(201);
    // Another company's change meanwhile is not replayed to this executive.
    await B.http.post('/api/announcements').set(bearer(y.admin.token)).send({ title: 'Not for X', content: 'Company Y only' }).expect(201);

    const back = track(await connectSocket(A, exec.token, since));
    // connectSocket resolves on `sync`: what arrived before it is the replay.
    const replayed = [...back.events];
    const stream = await log(x.company._id);
    const expected = stream.filter((r) => r.seq > since && visibleTo(exec, 'executive')(r));
    expect(replayed.map((e) => [e.seq, e.id, e.type])).toEqual(expected.map((r) => [r.seq, r.id, r.type]));
    expect(replayed.map((e) => e.type)).toEqual(expect.arrayContaining(['task.assigned', 'announcement.created']));
    expect(replayed.find((e) => e.type === 'task.assigned')?.payload).toMatchObject({ task: { _id: create.body._id } });
    expect(replayed.find((e) => e.type === 'announcement.created')?.payload).toMatchObject({ announcement: { _id: notice.body._id } });
    expect(replayed.every(ofCompany(x.company._id))).toBe(true);
    // `sync` carries the stream's head, which may be an event for someone else (an admin's notification).
    expect(back.syncSeq).toBe(stream.at(-1)?.seq);

    // And it is live again on A for what B causes next.
    const live = await B.http.post('/api/announcements').set(bearer(x.admin.token)).send({ title: 'Live again', content: 'Through B, to A' });
    expect(live.status).toBe(201);
    const heard = await back.waitFor('announcement.created', WAIT_MS, (e) => (e.payload as EventPayloads['announcement.created']).announcement._id === live.body._id);
    expect(heard.seq).toBeGreaterThan(back.syncSeq);
  });

  it('a deactivation made through A closes the user\'s sockets on B', async () => {
    const leaving = await createMember(A, x.admin.token, 'executive', x.company._id, { name: 'Leaving Soon' });
    const onB = track(await connectSocket(B, leaving.token));
    const closed = new Promise<string>((resolve) => onB.socket.once('disconnect', (reason) => resolve(reason)));
    await A.http.put(`/api/users/${leaving.user._id}`).set(bearer(x.admin.token)).send({ isActive: false }).expect(200);
    await onB.waitFor('session.revoked', WAIT_MS);
    // Closed by the server (B closes its own sockets when the live relay brings A's commit), not by the client.
    expect(await closed).toBe('io server disconnect');
    await expect(connectSocket(B, leaving.token)).rejects.toThrow();
  });

  it("a wall display on B gets what A publishes for walls, and A's revocation closes it", async () => {
    // Paired through A: the screen asks for a code, the admin claims it, the screen picks up its token.
    const pairing = (await A.http.post('/api/walls/pairings').expect(201)).body as WallPairing;
    const claimed = await A.http.post('/api/walls/claim').set(bearer(x.admin.token)).send({ code: formatPairingCode(pairing.code), name: 'On B' }).expect(201);
    const picked = (await A.http.get(`/api/walls/pairings/${pairing.pairingId}`).set(PAIRING_SECRET_HEADER, pairing.secret)).body as PairingStatus;
    if (picked.status !== 'paired') throw new Error(`not paired: ${JSON.stringify(picked)}`);
    const wall = track(await connectSocket(B, picked.displayToken));

    const pinned = await A.http.post('/api/announcements').set(bearer(x.admin.token)).send({ title: 'For the wall on B', content: 'Pinned through A', isPinned: true }).expect(201);
    await wall.waitFor('announcement.created', WAIT_MS, (e) => (e.payload as EventPayloads['announcement.created']).announcement._id === pinned.body._id);

    const closed = new Promise<string>((resolve) => wall.socket.once('disconnect', (reason) => resolve(reason)));
    await A.http.delete(`/api/walls/${(claimed.body as WallDisplay)._id}`).set(bearer(x.admin.token)).expect(200);
    expect(await closed).toBe('io server disconnect');
  });
});
