import { MikroORM } from '@mikro-orm/sqlite';
import type { ScoreHistoryEntry, Task } from '@kpi/contracts';
import { createHash, randomUUID } from 'node:crypto';
import { bearer, createMember, createTenant, superadminLogin, type Member, type Tenant } from '../utils/factories';
import { startTestApp, type TestApp } from '../utils/test-app';
import { isSessionLookup } from '../../src/modules/users/session-users.query';
import { watchStatements } from '../utils/statement-watch';
import { currentQueryOrigin } from '../../src/common/tenancy/query-origin';
import { LiveLeaderboard } from '../../src/modules/leaderboard/live-leaderboard';

const DAY = 24 * 3600 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

describe('tasks', () => {
  let t: TestApp;
  let rootToken: string;
  let a: Tenant;
  let b: Tenant;

  beforeAll(async () => {
    t = await startTestApp();
    rootToken = (await superadminLogin(t)).token;
    a = await createTenant(t, rootToken, 2);
    b = await createTenant(t, rootToken, 1);
  });
  afterAll(() => t.close());

  const body = (assignee: Member, overrides: Record<string, unknown> = {}) => ({
    title: 'Quarterly pipeline review',
    description: 'Review every open opportunity and update the forecast.',
    assignedTo: assignee.user._id,
    deadline: inDays(7),
    priority: 'high',
    reportLink: 'https://reports.example.com/pipeline/q3',
    ...overrides,
  });

  async function createTask(tenant: Tenant, assignee = tenant.executives[0], overrides: Record<string, unknown> = {}): Promise<Task> {
    const res = await t.http.post('/api/tasks').set(bearer(tenant.admin.token)).send(body(assignee, overrides));
    if (res.status !== 201) throw new Error(`create task: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
  const submit = (member: Member, taskId: string, content: unknown = 'Forecast updated, see the report.') =>
    t.http.put(`/api/tasks/${taskId}/submit`).set(bearer(member.token)).send({ content });
  const score = (member: Member, taskId: string, payload: Record<string, unknown>) =>
    t.http.put(`/api/tasks/${taskId}/score`).set(bearer(member.token)).send(payload);
  const good = { qualityScore: 8, initiativeScore: 6, feedback: 'Thorough and clear.' };

  async function submitted(tenant: Tenant, overrides: Record<string, unknown> = {}): Promise<Task> {
    const task = await createTask(tenant, tenant.executives[0], overrides);
    const res = await submit(tenant.executives[0], task._id);
    if (res.status !== 200) throw new Error(`submit: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  describe('create', () => {
    it('creates a task for an executive of the admin company and returns the task view', async () => {
      const exec = a.executives[0];
      const res = await t.http.post('/api/tasks').set(bearer(a.admin.token)).send(body(exec));
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        _id: expect.any(String),
        title: 'Quarterly pipeline review',
        description: 'Review every open opportunity and update the forecast.',
        assignedTo: { _id: exec.user._id, name: exec.user.name, department: exec.user.department },
        deadline: expect.any(String),
        priority: 'high',
        reportLink: 'https://reports.example.com/pipeline/q3',
        status: 'pending',
        workStatus: 'pending',
        company: a.company._id,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        submission: null,
        scoring: null,
        comments: [],
      });
    });

    it('defaults the priority to medium and takes the company from the token', async () => {
      const { priority: _omit, ...rest } = body(a.executives[0]);
      const res = await t.http.post('/api/tasks').set(bearer(a.admin.token)).send({ ...rest, company: a.company._id });
      expect(res.status).toBe(201);
      expect(res.body.priority).toBe('medium');
      expect(res.body.company).toBe(a.company._id);
    });

    it.each([
      ['title', { title: undefined }, 'Title is required'],
      ['title', { title: '   ' }, 'Title is required'],
      ['description', { description: undefined }, 'Description is required'],
      ['deadline', { deadline: undefined }, 'Deadline is required'],
      ['deadline', { deadline: 'next tuesday' }, 'Deadline must be a valid date'],
      ['assignedTo', { assignedTo: undefined }, 'Please select an executive to assign this task to'],
      ['assignedTo', { assignedTo: '' }, 'Please select an executive to assign this task to'],
      ['reportLink', { reportLink: undefined }, 'Report link is required'],
      ['reportLink', { reportLink: '' }, 'Report link is required'],
      ['reportLink', { reportLink: 'javascript:alert(1)' }, 'Report link must be a valid http(s) URL'],
      ['reportLink', { reportLink: 'data:text/html,<b>x</b>' }, 'Report link must be a valid http(s) URL'],
      ['reportLink', { reportLink: 'reports/q3' }, 'Report link must be a valid http(s) URL'],
      ['priority', { priority: 'critical' }, 'Priority must be one of low, medium, high, urgent'],
      ['title', { title: 'x'.repeat(201) }, 'Title must be at most 200 characters'],
    ])('refuses a bad %s: %p', async (field, overrides, message) => {
      const res = await t.http.post('/api/tasks').set(bearer(a.admin.token)).send(body(a.executives[0], overrides));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, message, code: 'VALIDATION', field });
    });

    it('refuses an assignee who is not an active executive of the company', async () => {
      const inactive = await createMember(t, a.admin.token, 'executive', a.company._id);
      await t.http.put(`/api/users/${inactive.user._id}`).set(bearer(a.admin.token)).send({ isActive: false }).expect(200);
      for (const assignedTo of [b.executives[0].user._id, a.admin.user._id, inactive.user._id, randomUUID()]) {
        const res = await t.http.post('/api/tasks').set(bearer(a.admin.token)).send({ ...body(a.executives[0]), assignedTo });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ message: 'Please select an executive to assign this task to', field: 'assignedTo' });
      }
    });

    it('refuses a company field naming another company with 403', async () => {
      const res = await t.http.post('/api/tasks').set(bearer(a.admin.token)).send({ ...body(a.executives[0]), company: b.company._id });
      expect(res.status).toBe(403);
    });

    it('accepts a deadline in the past (recording late work)', async () => {
      const task = await createTask(a, a.executives[0], { deadline: inDays(-3) });
      expect(task.status).toBe('overdue');
    });

    it('never answers 500 to a malformed body', async () => {
      for (const payload of [[], 'text', { title: 42 }, { ...body(a.executives[0]), deadline: 7 }, { ...body(a.executives[0]), assignedTo: { $ne: null } }]) {
        const res = await t.http.post('/api/tasks').set(bearer(a.admin.token)).send(payload as object);
        // A bare string goes out form-encoded: refused as not JSON (415).
        expect(res.status).toBe(typeof payload === 'string' ? 415 : 400);
      }
    });
  });

  describe('roles', () => {
    it('executives cannot create, edit, score, delete or read the company list', async () => {
      const exec = a.executives[0];
      const task = await submitted(a);
      const calls = [
        t.http.post('/api/tasks').set(bearer(exec.token)).send(body(exec)),
        t.http.put(`/api/tasks/${task._id}`).set(bearer(exec.token)).send({ title: 'Mine now' }),
        t.http.put(`/api/tasks/${task._id}/score`).set(bearer(exec.token)).send(good),
        t.http.delete(`/api/tasks/${task._id}`).set(bearer(exec.token)),
        t.http.get('/api/tasks').set(bearer(exec.token)),
        t.http.get(`/api/tasks/${task._id}/history`).set(bearer(exec.token)),
      ];
      for (const res of await Promise.all(calls)) expect(res.status).toBe(403);
      const still = await t.http.get(`/api/tasks/user/${exec.user._id}`).set(bearer(exec.token));
      expect(still.body.find((x: Task) => x._id === task._id)).toMatchObject({ title: task.title, status: 'submitted', scoring: null });
    });

    it('needs a token', async () => {
      expect((await t.http.get('/api/tasks')).status).toBe(401);
    });
  });

  describe('lists', () => {
    let c: Tenant;
    beforeAll(async () => {
      c = await createTenant(t, rootToken, 2);
    });

    it('an admin lists their company tasks only, newest first', async () => {
      const first = await createTask(c, c.executives[0], { title: 'First' });
      const second = await createTask(c, c.executives[1], { title: 'Second' });
      const foreign = await createTask(b, b.executives[0], { title: 'Foreign' });
      const res = await t.http.get('/api/tasks').set(bearer(c.admin.token));
      expect(res.status).toBe(200);
      expect(res.body.map((x: Task) => x._id)).toEqual([second._id, first._id]);
      expect(JSON.stringify(res.body)).not.toContain(foreign._id);
    });

    it('an admin naming another company gets 403, their own company is fine', async () => {
      expect((await t.http.get(`/api/tasks?company=${b.company._id}`).set(bearer(c.admin.token))).status).toBe(403);
      expect((await t.http.get(`/api/tasks?company=${c.company._id}`).set(bearer(c.admin.token))).status).toBe(200);
    });

    it('the superadmin reads every company, or one with ?company=', async () => {
      const all = await t.http.get('/api/tasks').set(bearer(rootToken));
      const companies = new Set(all.body.map((x: Task) => x.company));
      expect(companies.has(b.company._id) && companies.has(c.company._id)).toBe(true);
      const one = await t.http.get(`/api/tasks?company=${c.company._id}`).set(bearer(rootToken));
      expect(one.body.length).toBe(2);
      expect(one.body.every((x: Task) => x.company === c.company._id)).toBe(true);
    });

    it('GET /tasks/user/{id}: an executive their own only; colleague 403; another company 404', async () => {
      const [e1, e2] = c.executives;
      const own = await t.http.get(`/api/tasks/user/${e1.user._id}`).set(bearer(e1.token));
      expect(own.status).toBe(200);
      expect(own.body.map((x: Task) => x.title)).toEqual(['First']);
      expect((await t.http.get(`/api/tasks/user/${e2.user._id}`).set(bearer(e1.token))).status).toBe(403);
      expect((await t.http.get(`/api/tasks/user/${b.executives[0].user._id}`).set(bearer(e1.token))).status).toBe(404);
      expect((await t.http.get(`/api/tasks/user/${randomUUID()}`).set(bearer(e1.token))).status).toBe(404);
    });

    it('GET /tasks/user/{id}: an admin any executive of their company; the superadmin anyone', async () => {
      const e2 = c.executives[1];
      const byAdmin = await t.http.get(`/api/tasks/user/${e2.user._id}`).set(bearer(c.admin.token));
      expect(byAdmin.body.map((x: Task) => x.title)).toEqual(['Second']);
      expect((await t.http.get(`/api/tasks/user/${b.executives[0].user._id}`).set(bearer(c.admin.token))).status).toBe(404);
      const byRoot = await t.http.get(`/api/tasks/user/${e2.user._id}`).set(bearer(rootToken));
      expect(byRoot.body.map((x: Task) => x.title)).toEqual(['Second']);
    });

    it('reads a company list in the same few queries whatever its size (no N+1)', async () => {
      const orm = t.app.get(MikroORM);
      let queries = 0;
      const countQueries = async (path: string, token: string) => {
        queries = 0;
        // The caller's session lookup is cached for up to a second, so whether it runs depends on timing: not counted.
        // Every statement the request sends (the ORM's, and those with bound parameters: database/bound-sql.ts,
        // read-rows.ts); not those of background work that happens to run meanwhile (the outbox, the fan-outs).
        const stopWatching = watchStatements(orm, (sql) => void (!isSessionLookup(sql) && currentQueryOrigin() && queries++));
        try {
          const res = await t.http.get(path).set(bearer(token));
          expect(res.status).toBe(200);
          return { queries, count: res.body.length as number };
        } finally {
          stopWatching();
        }
      };
      // At least one task, so the small list reads comments too (an empty page skips that query).
      await createTask(c, c.executives[0], { title: 'Before the bulk' });
      const small = await countQueries('/api/tasks', c.admin.token);
      for (let i = 0; i < 8; i++) {
        const task = await createTask(c, c.executives[i % 2], { title: `Bulk ${i}` });
        await submit(c.executives[i % 2], task._id).expect(200);
        await score(c.admin, task._id, { ...good, comment: `Comment ${i}` }).expect(200);
      }
      // The scorings' live top 10 follows their commits (live-leaderboard.ts): not this list's statements.
      await t.app.get(LiveLeaderboard).idle();
      const large = await countQueries('/api/tasks', c.admin.token);
      const perUser = await countQueries(`/api/tasks/user/${c.executives[0].user._id}`, c.executives[0].token);
      expect(large.count).toBe(small.count + 8);
      expect(large.queries).toBe(small.queries);
      // One joined query for the page's tasks, assignees and scorers, one for their comments; the per-user
      // list also checks who the user is.
      expect(large.queries).toBeGreaterThan(0);
      expect(large.queries).toBeLessThanOrEqual(2);
      expect(perUser.queries).toBeGreaterThan(0);
      expect(perUser.queries).toBeLessThanOrEqual(3);
    });
  });

  describe('submit', () => {
    it('only the assignee submits: a colleague 403, an admin 403, another company 404', async () => {
      const task = await createTask(a);
      const colleague = await submit(a.executives[1], task._id);
      expect(colleague.status).toBe(403);
      expect(colleague.body.message).toBe('You can only submit your own tasks');
      expect((await submit(a.admin, task._id)).status).toBe(403);
      expect((await submit(b.executives[0], task._id)).status).toBe(404);
    });

    it.each([[''], ['   \n\t '], [null], [42]])('refuses empty or non-text content %p', async (content) => {
      const task = await createTask(a);
      const res = await submit(a.executives[0], task._id, content);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Please provide submission content', field: 'content' });
    });

    it('refuses a submission without content', async () => {
      const task = await createTask(a);
      const res = await t.http.put(`/api/tasks/${task._id}/submit`).set(bearer(a.executives[0].token)).send({});
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Please provide submission content', field: 'content' });
      expect((await t.http.get(`/api/tasks/user/${a.executives[0].user._id}`).set(bearer(a.executives[0].token))).body.find((x: Task) => x._id === task._id).status).toBe('pending');
    });

    it('stores the trimmed content, marks it submitted, and refuses a second submit with 409', async () => {
      const task = await createTask(a);
      const res = await submit(a.executives[0], task._id, '  All accounts reviewed.  ');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('submitted');
      expect(res.body.submission).toEqual({ content: 'All accounts reviewed.', submittedAt: expect.any(String) });
      const again = await submit(a.executives[0], task._id, 'A second go');
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This task has already been submitted');
      const list = await t.http.get(`/api/tasks/user/${a.executives[0].user._id}`).set(bearer(a.executives[0].token));
      expect(list.body.find((x: Task) => x._id === task._id).submission.content).toBe('All accounts reviewed.');
    });

    it('accepts an in-progress task', async () => {
      const task = await createTask(a);
      await t.http.put(`/api/tasks/${task._id}`).set(bearer(a.admin.token)).send({ status: 'in-progress' }).expect(200);
      expect((await submit(a.executives[0], task._id)).body.status).toBe('submitted');
    });

    it('accepts a late submission, which earns time score 8; on time earns 10', async () => {
      const late = await createTask(a, a.executives[0], { deadline: inDays(-1) });
      expect((await submit(a.executives[0], late._id)).status).toBe(200);
      const lateScore = await score(a.admin, late._id, good);
      expect(lateScore.body.scoring).toMatchObject({ timeScore: 8, totalScore: 7.6 });

      const onTime = await createTask(a, a.executives[0], { deadline: inDays(1) });
      await submit(a.executives[0], onTime._id).expect(200);
      const onTimeScore = await score(a.admin, onTime._id, good);
      expect(onTimeScore.body.scoring).toMatchObject({ timeScore: 10, totalScore: 8.4 });
    });
  });

  describe('score', () => {
    it('refuses to score a task that has not been submitted (409)', async () => {
      const task = await createTask(a);
      const res = await score(a.admin, task._id, good);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This task has not been submitted yet');
    });

    it.each([
      [{ qualityScore: 0, initiativeScore: 0 }, 4],
      [{ qualityScore: 10, initiativeScore: 10 }, 10],
      [{ qualityScore: '7.5', initiativeScore: '9.9' }, 9],
    ])('accepts boundary and form-text scores %p', async (scores, total) => {
      const task = await submitted(a);
      const res = await score(a.admin, task._id, { ...scores, feedback: 'Noted.' });
      expect(res.status).toBe(200);
      expect(res.body.scoring.totalScore).toBe(total);
    });

    it.each([
      [{ qualityScore: 10.1 }, 'Quality score must be between 0 and 10', 'qualityScore'],
      [{ qualityScore: -0.1 }, 'Quality score must be between 0 and 10', 'qualityScore'],
      [{ qualityScore: 5.55 }, 'Quality score must be between 0 and 10', 'qualityScore'],
      [{ qualityScore: 'abc' }, 'Quality score must be between 0 and 10', 'qualityScore'],
      [{ initiativeScore: 10.1 }, 'Initiative score must be between 0 and 10', 'initiativeScore'],
      [{ initiativeScore: -0.1 }, 'Initiative score must be between 0 and 10', 'initiativeScore'],
      [{ feedback: undefined }, 'Quality, initiative, and feedback are required', 'feedback'],
      [{ feedback: '   ' }, 'Quality, initiative, and feedback are required', 'feedback'],
      [{ qualityScore: undefined }, 'Quality, initiative, and feedback are required', 'qualityScore'],
      [{ initiativeScore: null }, 'Quality, initiative, and feedback are required', 'initiativeScore'],
    ])('refuses %p', async (overrides, message, field) => {
      const task = await submitted(a);
      const res = await score(a.admin, task._id, { ...good, ...overrides });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, message, code: 'VALIDATION', field });
    });

    it('computes the total, completes the task, and records who scored it', async () => {
      const task = await submitted(a);
      const res = await score(a.admin, task._id, good);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('completed');
      expect(res.body.scoring).toEqual({
        qualityScore: 8,
        timeScore: 10,
        initiativeScore: 6,
        totalScore: 8.4,
        feedback: 'Thorough and clear.',
        scoredAt: expect.any(String),
        scoredBy: { _id: a.admin.user._id, name: a.admin.user.name },
      });
      const seen = await t.http.get(`/api/tasks/user/${a.executives[0].user._id}`).set(bearer(a.executives[0].token));
      expect(seen.body.find((x: Task) => x._id === task._id).scoring.totalScore).toBe(8.4);
    });

    it('re-scoring replaces the scoring and both scorings are in the history', async () => {
      const task = await submitted(a);
      const firstScoring = await score(a.admin, task._id, good).expect(200);
      await new Promise((r) => setTimeout(r, 20));
      const again = await score(a.admin, task._id, { qualityScore: 9, initiativeScore: 7, feedback: 'Revised after the review.' });
      expect(again.status).toBe(200);
      // A correction keeps the task in the leaderboard period it was first scored in.
      expect(again.body.scoring.scoredAt).toBe(firstScoring.body.scoring.scoredAt);
      expect(again.body.scoring).toMatchObject({ qualityScore: 9, initiativeScore: 7, totalScore: 9, feedback: 'Revised after the review.' });
      expect(again.body.status).toBe('completed');

      const history = await t.http.get(`/api/tasks/${task._id}/history`).set(bearer(a.admin.token));
      expect(history.status).toBe(200);
      const rows = history.body as ScoreHistoryEntry[];
      expect(rows).toHaveLength(2);
      const [latest, first] = rows;
      expect(first).toMatchObject({
        task: task._id,
        reason: 'scored',
        previous: null,
        next: { qualityScore: 8, timeScore: 10, initiativeScore: 6, totalScore: 8.4, feedback: 'Thorough and clear.' },
        scoredBy: { _id: a.admin.user._id, name: a.admin.user.name },
      });
      expect(latest).toMatchObject({ reason: 'rescored', previous: first.next, next: { qualityScore: 9, totalScore: 9 } });
      expect(new Date(latest.at).getTime()).toBeGreaterThanOrEqual(new Date(first.at).getTime());

      const byRoot = await t.http.get(`/api/tasks/${task._id}/history`).set(bearer(rootToken));
      expect(byRoot.body).toHaveLength(2);
    });

    it('appends a non-empty comment with the author name and role; an empty one adds nothing', async () => {
      const task = await submitted(a);
      const first = await score(a.admin, task._id, { ...good, comment: '  Please add the churn numbers next time.  ' });
      expect(first.body.comments).toEqual([
        {
          _id: expect.any(String),
          author: { _id: a.admin.user._id, name: a.admin.user.name },
          authorName: a.admin.user.name,
          role: 'admin',
          text: 'Please add the churn numbers next time.',
          createdAt: expect.any(String),
        },
      ]);
      const second = await score(a.admin, task._id, { ...good, comment: '   ' });
      expect(second.body.comments).toHaveLength(1);
      const third = await score(a.admin, task._id, { ...good, comment: 'Thanks for the update.' });
      expect(third.body.comments.map((c: { text: string }) => c.text)).toEqual(['Please add the churn numbers next time.', 'Thanks for the update.']);
    });
  });

  describe('update', () => {
    it('edits the fields an admin may change', async () => {
      const task = await createTask(a);
      const deadline = inDays(14);
      const res = await t.http
        .put(`/api/tasks/${task._id}`)
        .set(bearer(a.admin.token))
        .send({ title: 'Renamed', description: 'New scope', deadline, priority: 'urgent', reportLink: 'http://reports.example.com/new', status: 'in-progress' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ title: 'Renamed', description: 'New scope', deadline, priority: 'urgent', reportLink: 'http://reports.example.com/new', status: 'in-progress' });
    });

    it.each([
      [{ status: 'completed' }, 'Status can only be set to pending or in-progress', 'status'],
      [{ title: '' }, 'Title is required', 'title'],
      [{ reportLink: 'javascript:void(0)' }, 'Report link must be a valid http(s) URL', 'reportLink'],
    ])('refuses %p', async (payload, message, field) => {
      const task = await createTask(a);
      const res = await t.http.put(`/api/tasks/${task._id}`).set(bearer(a.admin.token)).send(payload);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message, field });
    });

    it('reassigns to another executive of the company, never to someone else', async () => {
      const task = await createTask(a);
      const [, e2] = a.executives;
      const res = await t.http.put(`/api/tasks/${task._id}`).set(bearer(a.admin.token)).send({ assignedTo: e2.user._id });
      expect(res.status).toBe(200);
      expect(res.body.assignedTo._id).toBe(e2.user._id);
      const foreign = await t.http.put(`/api/tasks/${task._id}`).set(bearer(a.admin.token)).send({ assignedTo: b.executives[0].user._id });
      expect(foreign.status).toBe(400);
      expect(foreign.body).toMatchObject({ message: 'Please select an executive to assign this task to', field: 'assignedTo' });
      const mine = await t.http.get(`/api/tasks/user/${e2.user._id}`).set(bearer(e2.token));
      expect(mine.body.some((x: Task) => x._id === task._id)).toBe(true);
    });

    it('keeps submitted work with its author: no reassigning, no status rewind (409)', async () => {
      const task = await submitted(a);
      const reassign = await t.http.put(`/api/tasks/${task._id}`).set(bearer(a.admin.token)).send({ assignedTo: a.executives[1].user._id });
      expect(reassign.status).toBe(409);
      const rewind = await t.http.put(`/api/tasks/${task._id}`).set(bearer(a.admin.token)).send({ status: 'pending' });
      expect(rewind.status).toBe(409);
      const retitle = await t.http.put(`/api/tasks/${task._id}`).set(bearer(a.admin.token)).send({ title: 'Still editable' });
      expect(retitle.body).toMatchObject({ title: 'Still editable', status: 'submitted' });
    });

    it('refuses a company field naming another company with 403', async () => {
      const task = await createTask(a);
      const res = await t.http.put(`/api/tasks/${task._id}`).set(bearer(a.admin.token)).send({ company: b.company._id, title: 'Moved' });
      expect(res.status).toBe(403);
    });
  });

  describe('delete', () => {
    it('deletes a task with its comments; a second delete is 404', async () => {
      const task = await submitted(a);
      await score(a.admin, task._id, { ...good, comment: 'Nice.' }).expect(200);
      const res = await t.http.delete(`/api/tasks/${task._id}`).set(bearer(a.admin.token));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Task deleted successfully' });
      const list = await t.http.get('/api/tasks').set(bearer(a.admin.token));
      expect(list.body.some((x: Task) => x._id === task._id)).toBe(false);
      expect((await t.http.delete(`/api/tasks/${task._id}`).set(bearer(a.admin.token))).status).toBe(404);
    });
  });

  describe('derived overdue', () => {
    it('reads pending and in-progress tasks past their deadline as overdue, never submitted or completed ones', async () => {
      const d: Tenant = await createTenant(t, rootToken, 1);
      const exec = d.executives[0];
      const pendingLate = await createTask(d, exec, { title: 'pending late', deadline: inDays(-2) });
      const progressLate = await createTask(d, exec, { title: 'in progress late', deadline: inDays(-2) });
      const progressView = await t.http.put(`/api/tasks/${progressLate._id}`).set(bearer(d.admin.token)).send({ status: 'in-progress' }).expect(200);
      // Overdue hides the stored status; workStatus keeps it, for the badge shown beside OVERDUE.
      expect(progressView.body).toMatchObject({ status: 'overdue', workStatus: 'in-progress' });
      const submittedLate = await createTask(d, exec, { title: 'submitted late', deadline: inDays(-2) });
      await submit(exec, submittedLate._id).expect(200);
      const completedLate = await createTask(d, exec, { title: 'completed late', deadline: inDays(-2) });
      await submit(exec, completedLate._id).expect(200);
      await score(d.admin, completedLate._id, good).expect(200);
      await createTask(d, exec, { title: 'future', deadline: inDays(2) });

      const statuses = async (path: string, token: string) => {
        const res = await t.http.get(path).set(bearer(token));
        return Object.fromEntries(res.body.map((x: Task) => [x.title, x.status]));
      };
      const expected = { 'pending late': 'overdue', 'in progress late': 'overdue', 'submitted late': 'submitted', 'completed late': 'completed', future: 'pending' };
      expect(await statuses('/api/tasks', d.admin.token)).toEqual(expected);
      expect(await statuses(`/api/tasks/user/${exec.user._id}`, exec.token)).toEqual(expected);

      // Moving the deadline out clears it: overdue is never stored.
      const moved = await t.http.put(`/api/tasks/${pendingLate._id}`).set(bearer(d.admin.token)).send({ deadline: inDays(3) });
      expect(moved.body.status).toBe('pending');
    });
  });

  describe('pages kept between reads (task-pages.ts)', () => {
    let c: Tenant;
    let d: Tenant;
    const list = async (tenant: Tenant, token = tenant.admin.token) => {
      const res = await t.http.get('/api/tasks?limit=50').set(bearer(token));
      expect(res.status).toBe(200);
      return res.body as Task[];
    };

    beforeAll(async () => {
      c = await createTenant(t, rootToken, 1);
      d = await createTenant(t, rootToken, 1);
    });

    it('show a task created, submitted, scored, commented on or deleted right after a read', async () => {
      expect(await list(c)).toEqual([]);
      const task = await createTask(c);
      expect((await list(c)).map((x) => x._id)).toEqual([task._id]);
      await submit(c.executives[0], task._id).expect(200);
      expect((await list(c))[0].status).toBe('submitted');
      await score(c.admin, task._id, { ...good, comment: 'Kept pages must not hide this.' }).expect(200);
      const [scored] = await list(c);
      expect(scored.scoring).toMatchObject({ qualityScore: 8 });
      expect(scored.comments.map((x) => x.text)).toEqual(['Kept pages must not hide this.']);
      await t.http.delete(`/api/tasks/${task._id}`).set(bearer(c.admin.token)).expect(200);
      expect(await list(c)).toEqual([]);
    });

    it("show an assignee's new name at once, and never one company's page to another", async () => {
      const task = await createTask(c);
      await list(c);
      await t.http.put(`/api/users/${c.executives[0].user._id}`).set(bearer(c.admin.token)).send({ name: 'Newly Named' }).expect(200);
      expect((await list(c))[0].assignedTo).toMatchObject({ _id: c.executives[0].user._id, name: 'Newly Named' });
      expect(await list(d)).toEqual([]);
      const theirs = await createTask(d);
      expect((await list(d)).map((x) => x._id)).toEqual([theirs._id]);
      expect((await list(c)).map((x) => x._id)).toEqual([task._id]);
      const all = await t.http.get(`/api/tasks?limit=50&company=${d.company._id}`).set(bearer(rootToken));
      expect(all.body.map((x: Task) => x._id)).toEqual([theirs._id]);
    });

    it("answer Express's own ETag of the bytes sent, and 304 to a matching If-None-Match", async () => {
      await createTask(c);
      const res = await t.http.get('/api/tasks?limit=50').set(bearer(c.admin.token)).buffer(true).parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (chunk: Buffer) => chunks.push(chunk));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
      const bytes = res.body as Buffer;
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers.etag).toBe(`W/"${bytes.length.toString(16)}-${createHash('sha1').update(bytes).digest('base64').slice(0, 27)}"`);
      const again = await t.http.get('/api/tasks?limit=50').set(bearer(c.admin.token)).set('If-None-Match', res.headers.etag);
      expect(again.status).toBe(304);
    });
  });

  describe('tenant isolation', () => {
    let task: Task;
    let scoredTask: Task;
    beforeAll(async () => {
      task = await submitted(a, { title: 'Confidential Alpha plan' });
      scoredTask = await submitted(a, { title: 'Confidential Beta plan' });
      await score(a.admin, scoredTask._id, { ...good, comment: 'Secret comment' }).expect(200);
    });

    const endpoints = (id: string, execId: string) => [
      { name: 'GET /tasks?company', call: (token: string) => t.http.get(`/api/tasks?company=${a.company._id}`).set(bearer(token)) },
      { name: 'GET /tasks/user/:id', call: (token: string) => t.http.get(`/api/tasks/user/${execId}`).set(bearer(token)) },
      { name: 'GET /tasks/:id/history', call: (token: string) => t.http.get(`/api/tasks/${id}/history`).set(bearer(token)) },
      { name: 'POST /tasks', call: (token: string) => t.http.post('/api/tasks').set(bearer(token)).send({ ...body(a.executives[0]), company: a.company._id }) },
      { name: 'PUT /tasks/:id', call: (token: string) => t.http.put(`/api/tasks/${id}`).set(bearer(token)).send({ title: 'Hijacked' }) },
      { name: 'PUT /tasks/:id/submit', call: (token: string) => t.http.put(`/api/tasks/${id}/submit`).set(bearer(token)).send({ content: 'Hijacked' }) },
      { name: 'PUT /tasks/:id/score', call: (token: string) => t.http.put(`/api/tasks/${id}/score`).set(bearer(token)).send(good) },
      { name: 'DELETE /tasks/:id', call: (token: string) => t.http.delete(`/api/tasks/${id}`).set(bearer(token)) },
    ];

    it.each(['admin', 'executive'] as const)('another company %s gets 403/404 on every task endpoint and sees no foreign data', async (role) => {
      const outsider = role === 'admin' ? b.admin : b.executives[0];
      for (const target of [task, scoredTask]) {
        for (const { name, call } of endpoints(target._id, a.executives[0].user._id)) {
          const res = await call(outsider.token);
          expect({ name, status: [403, 404].includes(res.status) }).toEqual({ name, status: true });
          expect(res.text).not.toMatch(/Confidential|Secret comment|Thorough/);
          expect(res.text).not.toContain(a.executives[0].user.name);
        }
      }
      const own = role === 'admin' ? await t.http.get('/api/tasks').set(bearer(outsider.token)) : await t.http.get(`/api/tasks/user/${outsider.user._id}`).set(bearer(outsider.token));
      expect(own.status).toBe(200);
      expect(own.text).not.toMatch(/Confidential|Secret comment/);

      // Nothing changed for the owners.
      const list = await t.http.get('/api/tasks').set(bearer(a.admin.token));
      const mine = list.body.filter((x: Task) => x._id === task._id || x._id === scoredTask._id);
      expect(mine.map((x: Task) => [x.title, x.status])).toEqual(
        expect.arrayContaining([['Confidential Alpha plan', 'submitted'], ['Confidential Beta plan', 'completed']]),
      );
      const history = await t.http.get(`/api/tasks/${scoredTask._id}/history`).set(bearer(a.admin.token));
      expect(history.body).toHaveLength(1);
    });

    it('answers a foreign task exactly like a missing one', async () => {
      const foreign = await t.http.put(`/api/tasks/${task._id}`).set(bearer(b.admin.token)).send({ title: 'x' });
      const missing = await t.http.put(`/api/tasks/${randomUUID()}`).set(bearer(b.admin.token)).send({ title: 'x' });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual(missing.body);
      const foreignHistory = await t.http.get(`/api/tasks/${task._id}/history`).set(bearer(b.admin.token));
      const missingHistory = await t.http.get(`/api/tasks/${randomUUID()}/history`).set(bearer(b.admin.token));
      expect(foreignHistory.body).toEqual(missingHistory.body);
    });

    it('odd ids never cause a 500', async () => {
      for (const id of ['x'.repeat(500), '%27%20or%201%3D1', '0', 'null']) {
        const res = await t.http.put(`/api/tasks/${id}/score`).set(bearer(a.admin.token)).send(good);
        expect(res.status).toBe(404);
      }
    });
  });
});
