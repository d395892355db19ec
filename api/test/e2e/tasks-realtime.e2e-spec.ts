import type { EventEnvelope, EventPayloads, Task } from '@kpi/contracts';
import { bearer, createMember, createTenant, superadminLogin, type Member, type Tenant } from '../utils/factories';
import { connectSocket, settle, startTestApp, type TestApp, type TestSocket } from '../utils/test-app';

const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString();
const TASK_EVENTS = ['task.assigned', 'task.updated', 'task.deleted', 'task.submitted', 'task.scored'];

/** The task an envelope is about, whichever task event it is. */
const taskIdOf = (e: EventEnvelope): string | undefined => {
  const p = e.payload as Partial<EventPayloads['task.updated'] & EventPayloads['task.deleted']>;
  return p.task?._id ?? p.taskId;
};
/** Task events a socket received about one task, as their type names in arrival order. */
const taskEvents = (s: TestSocket, taskId: string) => s.events.filter((e) => TASK_EVENTS.includes(e.type) && taskIdOf(e) === taskId).map((e) => e.type);
const forTask = (taskId: string) => (e: EventEnvelope) => taskIdOf(e) === taskId;

describe('tasks over sockets', () => {
  let t: TestApp;
  let rootToken: string;
  let a: Tenant;
  let b: Tenant;
  let secondAdmin: Member;
  let adminA: TestSocket;
  let secondAdminA: TestSocket;
  let exec1: TestSocket;
  let exec2: TestSocket;
  let adminB: TestSocket;
  let execB: TestSocket;
  let root: TestSocket;

  beforeAll(async () => {
    t = await startTestApp();
    rootToken = (await superadminLogin(t)).token;
    a = await createTenant(t, rootToken, 2);
    b = await createTenant(t, rootToken, 1);
    secondAdmin = await createMember(t, rootToken, 'admin', a.company._id);
    [adminA, secondAdminA, exec1, exec2, adminB, execB, root] = await Promise.all([
      connectSocket(t, a.admin.token),
      connectSocket(t, secondAdmin.token),
      connectSocket(t, a.executives[0].token),
      connectSocket(t, a.executives[1].token),
      connectSocket(t, b.admin.token),
      connectSocket(t, b.executives[0].token),
      connectSocket(t, rootToken),
    ]);
  });
  afterAll(async () => {
    for (const s of [adminA, secondAdminA, exec1, exec2, adminB, execB, root]) s?.close();
    await t.close();
  });

  const outsiders = () => [adminB, execB, root];

  async function createTask(assignee = a.executives[0], overrides: Record<string, unknown> = {}): Promise<Task> {
    const res = await t.http
      .post('/api/tasks')
      .set(bearer(a.admin.token))
      .send({ title: 'Live task', description: 'Watch it move.', assignedTo: assignee.user._id, deadline: inDays(5), reportLink: 'https://reports.example.com/live', ...overrides });
    if (res.status !== 201) throw new Error(`create task: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
  const submit = (member: Member, id: string) => t.http.put(`/api/tasks/${id}/submit`).set(bearer(member.token)).send({ content: 'Done, see the report.' }).expect(200);
  const score = (id: string, extra: Record<string, unknown> = {}) =>
    t.http.put(`/api/tasks/${id}/score`).set(bearer(a.admin.token)).send({ qualityScore: 9, initiativeScore: 8, feedback: 'Great.', ...extra }).expect(200);

  it('task.assigned reaches the assignee and the company admins only, with a notification for the assignee', async () => {
    const task = await createTask();
    const toExec = await exec1.waitFor('task.assigned', 3000, forTask(task._id));
    expect(toExec.payload).toEqual({ task });
    expect(toExec.companyId).toBe(a.company._id);
    await adminA.waitFor('task.assigned', 3000, forTask(task._id));
    await secondAdminA.waitFor('task.assigned', 3000, forTask(task._id));
    const note = await exec1.waitFor('notification.created', 3000, (e) => (e.payload as EventPayloads['notification.created']).notification.body.includes(task.title));
    expect((note.payload as EventPayloads['notification.created']).notification).toMatchObject({ kind: 'task.assigned', link: '/executive/tasks' });

    await settle();
    expect(taskEvents(exec2, task._id)).toEqual([]);
    for (const s of outsiders()) expect(taskEvents(s, task._id)).toEqual([]);
    expect(exec2.events.filter((e) => e.type === 'notification.created' && JSON.stringify(e.payload).includes(task._id))).toEqual([]);
  });

  it('task.submitted reaches the admins only with the pending-review count, and notifies every admin', async () => {
    const first = await createTask(a.executives[0], { title: 'First to review' });
    const second = await createTask(a.executives[1], { title: 'Second to review' });
    const third = await createTask(a.executives[0], { title: 'Third to review' });

    await submit(a.executives[0], first._id);
    const e1 = await adminA.waitFor('task.submitted', 3000, forTask(first._id));
    expect(e1.payload).toMatchObject({ pendingReview: 1, task: { _id: first._id, status: 'submitted', submission: { content: 'Done, see the report.' } } });

    await submit(a.executives[1], second._id);
    const e2 = await secondAdminA.waitFor('task.submitted', 3000, forTask(second._id));
    expect((e2.payload as EventPayloads['task.submitted']).pendingReview).toBe(2);

    await score(first._id);
    await submit(a.executives[0], third._id);
    const e3 = await adminA.waitFor('task.submitted', 3000, forTask(third._id));
    expect((e3.payload as EventPayloads['task.submitted']).pendingReview).toBe(2);

    for (const admin of [adminA, secondAdminA]) {
      const note = await admin.waitFor('notification.created', 3000, (e) => (e.payload as EventPayloads['notification.created']).notification.body.includes('Third to review'));
      expect((note.payload as EventPayloads['notification.created']).notification).toMatchObject({ kind: 'task.submitted', link: '/admin/tasks' });
      expect(note.payload).toMatchObject({ unread: expect.any(Number) });
    }

    await settle();
    for (const s of [exec1, exec2, ...outsiders()]) {
      expect(s.events.filter((e) => e.type === 'task.submitted')).toEqual([]);
    }
    expect(adminB.events.filter((e) => e.type === 'notification.created')).toEqual([]);
  });

  it('task.scored reaches the assignee (with the scoring) and the admins; a colleague and other companies get nothing', async () => {
    const task = await createTask();
    await submit(a.executives[0], task._id);
    await score(task._id, { comment: 'Keep it up.' });

    const toExec = await exec1.waitFor('task.scored', 3000, forTask(task._id));
    const scored = (toExec.payload as EventPayloads['task.scored']).task;
    expect(scored.status).toBe('completed');
    expect(scored.scoring).toMatchObject({ qualityScore: 9, timeScore: 10, initiativeScore: 8, totalScore: 9.2, feedback: 'Great.' });
    expect(scored.comments.map((c) => [c.authorName, c.role, c.text])).toEqual([[a.admin.user.name, 'admin', 'Keep it up.']]);
    await adminA.waitFor('task.scored', 3000, forTask(task._id));
    const note = await exec1.waitFor('notification.created', 3000, (e) => (e.payload as EventPayloads['notification.created']).notification.kind === 'task.scored' && JSON.stringify(e.payload).includes(task.title));
    expect((note.payload as EventPayloads['notification.created']).notification).toMatchObject({ link: '/executive/tasks', body: expect.stringContaining('9.2') });

    await settle();
    expect(taskEvents(exec2, task._id)).toEqual([]);
    for (const s of outsiders()) expect(taskEvents(s, task._id)).toEqual([]);
    expect(exec2.events.filter((e) => e.type === 'notification.created' && (e.payload as EventPayloads['notification.created']).notification.kind === 'task.scored')).toEqual([]);
  });

  it('task.updated reaches the assignee and admins; a reassignment tells the old assignee task.deleted', async () => {
    const task = await createTask();
    await t.http.put(`/api/tasks/${task._id}`).set(bearer(a.admin.token)).send({ priority: 'urgent' }).expect(200);
    const edited = await exec1.waitFor('task.updated', 3000, forTask(task._id));
    expect((edited.payload as EventPayloads['task.updated']).task.priority).toBe('urgent');
    await adminA.waitFor('task.updated', 3000, forTask(task._id));
    await settle(100);
    expect(taskEvents(exec2, task._id)).toEqual([]);

    await t.http.put(`/api/tasks/${task._id}`).set(bearer(a.admin.token)).send({ assignedTo: a.executives[1].user._id }).expect(200);
    const gone = await exec1.waitFor('task.deleted', 3000, forTask(task._id));
    expect(gone.payload).toEqual({ taskId: task._id, assigneeId: a.executives[0].user._id });
    const arrived = await exec2.waitFor('task.updated', 3000, forTask(task._id));
    expect((arrived.payload as EventPayloads['task.updated']).task.assignedTo?._id).toBe(a.executives[1].user._id);
    const note = await exec2.waitFor('notification.created', 3000, (e) => (e.payload as EventPayloads['notification.created']).notification.kind === 'task.assigned');
    expect((note.payload as EventPayloads['notification.created']).notification.link).toBe('/executive/tasks');
    await exec1.waitFor('notification.created', 3000, (e) => (e.payload as EventPayloads['notification.created']).notification.title === 'Task reassigned');

    await settle();
    expect(taskEvents(exec1, task._id)).toEqual(['task.assigned', 'task.updated', 'task.deleted']);
    expect(taskEvents(exec2, task._id)).toEqual(['task.updated']);
    expect(taskEvents(adminA, task._id)).toEqual(['task.assigned', 'task.updated', 'task.updated']);
    for (const s of outsiders()) expect(taskEvents(s, task._id)).toEqual([]);
  });

  it('task.deleted reaches the assignee and admins only', async () => {
    const task = await createTask(a.executives[1]);
    await t.http.delete(`/api/tasks/${task._id}`).set(bearer(a.admin.token)).expect(200);
    const toExec = await exec2.waitFor('task.deleted', 3000, forTask(task._id));
    expect(toExec.payload).toEqual({ taskId: task._id, assigneeId: a.executives[1].user._id });
    await adminA.waitFor('task.deleted', 3000, forTask(task._id));
    await settle();
    expect(taskEvents(exec1, task._id)).toEqual([]);
    for (const s of outsiders()) expect(taskEvents(s, task._id)).toEqual([]);
  });

  it('refused requests emit nothing', async () => {
    const task = await createTask();
    await exec1.waitFor('task.assigned', 3000, forTask(task._id));
    await t.http.put(`/api/tasks/${task._id}/score`).set(bearer(a.admin.token)).send({ qualityScore: 9, initiativeScore: 8, feedback: 'x' }).expect(409);
    await t.http.put(`/api/tasks/${task._id}/submit`).set(bearer(a.executives[1].token)).send({ content: 'not mine' }).expect(403);
    await t.http.put(`/api/tasks/${task._id}`).set(bearer(b.admin.token)).send({ title: 'x' }).expect(404);
    await settle();
    for (const s of [adminA, exec1, exec2, ...outsiders()]) {
      expect(taskEvents(s, task._id).filter((type) => type !== 'task.assigned')).toEqual([]);
    }
  });

  it('a socket that reconnects with its last sequence gets the task events it missed, and only its own', async () => {
    const since = Math.max(0, ...exec2.events.map((e) => e.seq));
    exec2.close();
    const task = await createTask(a.executives[1], { title: 'Missed while away' });
    const other = await createTask(a.executives[0], { title: 'Not for exec2' });
    exec2 = await connectSocket(t, a.executives[1].token, since);
    const replayed = await exec2.waitFor('task.assigned', 3000, forTask(task._id));
    expect((replayed.payload as EventPayloads['task.assigned']).task.title).toBe('Missed while away');
    expect(taskEvents(exec2, other._id)).toEqual([]);
  });

  it("the submitter's own other tabs see the submission as task.updated, nobody else's", async () => {
    const task = await createTask(a.executives[0], { title: 'Echoed submission' });
    await submit(a.executives[0], task._id);
    const echo = await exec1.waitFor('task.updated', 3000, forTask(task._id));
    expect((echo.payload as EventPayloads['task.updated']).task).toMatchObject({ status: 'submitted', submission: { content: 'Done, see the report.' } });
    await settle();
    expect(taskEvents(exec2, task._id)).toEqual([]);
  });

  it('deleting a scored task refreshes the live leaderboard for the whole company', async () => {
    const task = await createTask(a.executives[1], { title: 'Scored then deleted' });
    await submit(a.executives[1], task._id);
    await score(task._id, { qualityScore: 10, initiativeScore: 10 });
    const onBoard = await exec2.waitFor('leaderboard.updated', 3000, (e) =>
      (e.payload as EventPayloads['leaderboard.updated']).top10.some((entry) => entry.user._id === a.executives[1].user._id));
    expect(onBoard.companyId).toBe(a.company._id);
    await t.http.delete(`/api/tasks/${task._id}`).set(bearer(a.admin.token)).expect(200);
    const after = await exec2.waitFor('leaderboard.updated', 3000, (e) => e.seq > onBoard.seq);
    const entry = (after.payload as EventPayloads['leaderboard.updated']).top10.find((x) => x.user._id === a.executives[1].user._id);
    expect(entry?.tasksCompleted ?? 0).toBe(0);
    expect(adminB.events.filter((e) => e.type === 'leaderboard.updated')).toEqual([]);
  });

  it('tells the superadmin stream that the system statistics changed, with the company only', async () => {
    const task = await createTask(a.executives[0], { title: 'Moves the system figures' });
    await submit(a.executives[0], task._id);
    const before = root.events.filter((e) => e.type === 'stats.changed').length;
    await score(task._id);
    const changed = await root.waitFor('stats.changed', 3000, (e) => root.events.filter((x) => x.type === 'stats.changed').indexOf(e) >= before);
    expect(changed.payload).toEqual({ companyId: a.company._id });
    await settle();
    for (const s of [adminA, exec1, adminB, execB]) expect(s.events.filter((e) => e.type === 'stats.changed')).toEqual([]);
  });
});
