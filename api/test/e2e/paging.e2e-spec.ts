import { MikroORM } from '@mikro-orm/core';
import type { Announcement, Task, TaskSummary, User } from '@kpi/contracts';
import { Notification } from '../../src/modules/notifications/notification.entity';
import { bearer, createMember, type Member, startTwoCompanies, type Tenant, type TwoCompanies } from '../utils/factories';
import type { TestApp } from '../utils/test-app';

/** docs/paging.md: every list is paged with a cursor; counters come from SQL, never from a page. */
describe('paging and counters', () => {
  let ctx: TwoCompanies;
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const DAY = 24 * 3600 * 1000;
  const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
  const created: { a: Task[]; b: Task[] } = { a: [], b: [] };

  async function createTask(tenant: Tenant, assignee: Member, title: string, deadline = inDays(7)): Promise<Task> {
    const res = await t.http
      .post('/api/tasks')
      .set(bearer(tenant.admin.token))
      .send({ title, description: 'Paging fixture', assignedTo: assignee.user._id, deadline, priority: 'medium', reportLink: 'https://example.com/r' });
    if (res.status !== 201) throw new Error(`create task: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
  const submit = (m: Member, id: string) => t.http.put(`/api/tasks/${id}/submit`).set(bearer(m.token)).send({ content: 'Done' }).expect(200);
  const score = (admin: Member, id: string) =>
    t.http.put(`/api/tasks/${id}/score`).set(bearer(admin.token)).send({ qualityScore: 8, initiativeScore: 7, feedback: 'Good' }).expect(200);

  /** Follows X-Next-Cursor from the first page to the last, checking each page's size and headers. */
  async function walk<T>(path: string, token: string, limit?: number, pick: (body: unknown) => T[] = (b) => b as T[]) {
    const pages: T[][] = [];
    let url: string | null = limit ? `${path}${path.includes('?') ? '&' : '?'}limit=${limit}` : path;
    const size = limit ?? Number(new URL(path, 'http://x').searchParams.get('limit') ?? 50);
    while (url) {
      const res = await t.http.get(url).set(bearer(token));
      expect(res.status).toBe(200);
      const items = pick(res.body);
      const next = res.headers['x-next-cursor'] as string | undefined;
      expect(res.headers['access-control-expose-headers']).toMatch(/X-Next-Cursor/);
      if (next) {
        expect(items).toHaveLength(size);
        const link = /^<([^>]+)>; rel="next"$/.exec(res.headers.link);
        expect(link).not.toBeNull();
        expect(new URL(link![1], 'http://x').searchParams.get('cursor')).toBe(next);
        url = link![1]!;
      } else {
        expect(res.headers.link).toBeUndefined();
        url = null;
      }
      pages.push(items);
      if (pages.length > 100) throw new Error('paging does not end');
    }
    return { pages, all: pages.flat() };
  }
  const ids = (items: { _id: string }[]) => items.map((i) => i._id);

  beforeAll(async () => {
    ctx = await startTwoCompanies();
    ({ t, a, b } = ctx);
    const [e1, e2] = a.executives as [Member, Member];
    // Company A: 56 tasks (more than a default page): 40 open, 6 overdue, 6 submitted, 4 completed.
    for (let i = 0; i < 40; i++) created.a.push(await createTask(a, i % 2 ? e2 : e1, `Open ${i}`));
    for (let i = 0; i < 6; i++) created.a.push(await createTask(a, e1, `Late ${i}`, inDays(-2)));
    for (let i = 0; i < 10; i++) {
      const task = await createTask(a, e1, `Handed in ${i}`);
      await submit(e1, task._id);
      if (i < 4) await score(a.admin, task._id);
      created.a.push(task);
    }
    for (let i = 0; i < 3; i++) created.b.push(await createTask(b, b.executives[0], `B task ${i}`));
  }, 120_000);
  afterAll(() => t.close());

  describe('tasks', () => {
    it('walks every task of the company exactly once, newest first, in stable pages', async () => {
      const { pages, all } = await walk<Task>('/api/tasks', a.admin.token, 7);
      expect(pages.map((p) => p.length)).toEqual([7, 7, 7, 7, 7, 7, 7, 7]);
      expect(new Set(ids(all)).size).toBe(all.length);
      expect(new Set(ids(all))).toEqual(new Set(ids(created.a)));
      const order = [...all].sort((x, y) => (x.createdAt === y.createdAt ? (x._id < y._id ? -1 : 1) : x.createdAt < y.createdAt ? 1 : -1));
      expect(ids(all)).toEqual(ids(order));
    });

    it('answers 50 by default and at most 200; the wire shape is the full task', async () => {
      const first = await t.http.get('/api/tasks').set(bearer(a.admin.token));
      expect(first.body).toHaveLength(50);
      expect(first.headers['x-next-cursor']).toEqual(expect.any(String));
      const scored = (first.body as Task[]).concat((await t.http.get('/api/tasks?limit=200').set(bearer(a.admin.token))).body).find((x) => x.scoring);
      expect(scored).toMatchObject({ status: 'completed', scoring: { totalScore: 8.6, scoredBy: { _id: a.admin.user._id } }, submission: { content: 'Done' } });
      const max = await t.http.get('/api/tasks?limit=200').set(bearer(a.admin.token));
      expect(max.body).toHaveLength(56);
      expect(max.headers['x-next-cursor']).toBeUndefined();
    });

    it.each(['0', '201', 'abc', '-1', '1.5', ''])('refuses limit=%p with a 400 naming the field', async (limit) => {
      const res = await t.http.get(`/api/tasks?limit=${limit}`).set(bearer(a.admin.token));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field: 'limit', message: 'Limit must be a whole number from 1 to 200' });
    });

    it('refuses a tampered, foreign or made-up cursor with 400', async () => {
      const first = await t.http.get('/api/tasks?limit=5').set(bearer(a.admin.token));
      const cursor = first.headers['x-next-cursor'];
      const flipped = cursor.slice(0, 3) + (cursor[3] === 'A' ? 'B' : 'A') + cursor.slice(4);
      const fromUsers = (await t.http.get('/api/users?limit=1').set(bearer(a.admin.token))).headers['x-next-cursor'];
      const forged = `${Buffer.from(JSON.stringify(['tasks', 0, 'x'])).toString('base64url')}.AAAAAAAAAAAAAAAAAAAAAA`;
      for (const bad of [flipped, fromUsers, forged, 'garbage', `${cursor}.x`]) {
        const res = await t.http.get(`/api/tasks?cursor=${encodeURIComponent(bad)}`).set(bearer(a.admin.token));
        expect(res.status).toBe(400);
        expect(res.body.field).toBe('cursor');
      }
    });

    it('keeps walking the same items when a task is created between pages', async () => {
      const before = (await walk<Task>('/api/tasks', a.admin.token, 10)).all;
      const first = await t.http.get('/api/tasks?limit=10').set(bearer(a.admin.token));
      const fresh = await createTask(a, a.executives[0], 'Arrived mid-walk');
      const next = /<([^>]+)>/.exec(first.headers.link)?.[1];
      expect(next).toBeDefined();
      const rest = await walk<Task>(next!, a.admin.token);
      expect(ids([...first.body, ...rest.all])).toEqual(ids(before));
      await t.http.delete(`/api/tasks/${fresh._id}`).set(bearer(a.admin.token)).expect(200);
    });

    it('filters by status (overdue derived) and assignee in SQL, across pages', async () => {
      const overdue = (await walk<Task>('/api/tasks?status=overdue', a.admin.token, 4)).all;
      expect(overdue).toHaveLength(6);
      expect(overdue.every((x) => x.status === 'overdue')).toBe(true);
      const pending = (await walk<Task>('/api/tasks?status=pending', a.admin.token, 15)).all;
      expect(pending).toHaveLength(40);
      expect((await walk<Task>('/api/tasks?status=open', a.admin.token, 15)).all).toHaveLength(40);
      expect((await walk<Task>('/api/tasks?status=submitted', a.admin.token, 4)).all).toHaveLength(6);
      expect((await walk<Task>('/api/tasks?status=completed', a.admin.token)).all).toHaveLength(4);
      const e2 = a.executives[1];
      const mine = (await walk<Task>(`/api/tasks?assignedTo=${e2.user._id}`, a.admin.token, 6)).all;
      expect(mine).toHaveLength(20);
      expect(mine.every((x) => x.assignedTo?._id === e2.user._id)).toBe(true);
      const own = (await walk<Task>(`/api/tasks/user/${e2.user._id}?status=pending`, e2.token, 6)).all;
      expect(ids(own).sort()).toEqual(ids(mine).sort());
      const bad = await t.http.get('/api/tasks?status=archived').set(bearer(a.admin.token));
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('status');
    });

    it('counts every task in scope in SQL, not a page', async () => {
      const admin = await t.http.get('/api/tasks/summary').set(bearer(a.admin.token));
      expect(admin.status).toBe(200);
      expect(admin.body).toEqual<TaskSummary>({ total: 56, pending: 40, inProgress: 0, overdue: 6, pendingReview: 6, completed: 4 });
      const e1 = a.executives[0];
      const mine = await t.http.get('/api/tasks/summary').set(bearer(e1.token));
      expect(mine.body).toEqual<TaskSummary>({ total: 36, pending: 20, inProgress: 0, overdue: 6, pendingReview: 6, completed: 4 });
      const adminView = await t.http.get(`/api/tasks/summary?assignedTo=${e1.user._id}`).set(bearer(a.admin.token));
      expect(adminView.body).toEqual(mine.body);
      const root = await t.http.get(`/api/tasks/summary?company=${b.company._id}`).set(bearer(ctx.root));
      expect(root.body).toMatchObject({ total: 3, pending: 3 });
    });

    it('keeps counters within reach: colleague 403, another company 404 or 403', async () => {
      const [e1, e2] = a.executives as [Member, Member];
      expect((await t.http.get(`/api/tasks/summary?assignedTo=${e2.user._id}`).set(bearer(e1.token))).status).toBe(403);
      expect((await t.http.get(`/api/tasks/summary?assignedTo=${e1.user._id}`).set(bearer(b.admin.token))).status).toBe(404);
      expect((await t.http.get(`/api/tasks/summary?company=${a.company._id}`).set(bearer(b.admin.token))).status).toBe(403);
      expect((await t.http.get('/api/tasks/summary').set(bearer(b.admin.token))).body).toMatchObject({ total: 3 });
    });

    it("never shows another company's tasks on any page", async () => {
      const seenByB = (await walk<Task>('/api/tasks', b.admin.token, 1)).all;
      expect(ids(seenByB).sort()).toEqual(ids(created.b).sort());
      const aOfB = (await walk<Task>(`/api/tasks?assignedTo=${a.executives[0].user._id}`, b.admin.token, 2)).all;
      expect(aOfB).toEqual([]);
      // A cursor taken in company A's list opens nothing of A's for company B's admin.
      const cursor = (await t.http.get('/api/tasks?limit=2').set(bearer(a.admin.token))).headers['x-next-cursor'];
      const crossed = await t.http.get(`/api/tasks?cursor=${encodeURIComponent(cursor)}`).set(bearer(b.admin.token));
      expect(ids(crossed.body).every((id) => ids(created.b).includes(id))).toBe(true);
      const root = (await walk<Task>(`/api/tasks?company=${b.company._id}`, ctx.root, 2)).all;
      expect(ids(root).sort()).toEqual(ids(created.b).sort());
    });
  });

  describe('users', () => {
    it("walks the company's users once each, filters by role, and never shows another company's", async () => {
      const extra: User[] = [];
      for (let i = 0; i < 3; i++) extra.push((await createMember(t, a.admin.token, 'executive', a.company._id)).user);
      const all = (await walk<User>('/api/users', a.admin.token, 2)).all;
      const expected = [a.admin.user, ...a.executives.map((e) => e.user), ...extra];
      expect(new Set(ids(all))).toEqual(new Set(ids(expected)));
      expect(all).toHaveLength(expected.length);
      expect(all.every((u) => u.company?._id === a.company._id && u.companyName === a.company.name)).toBe(true);
      const executives = (await walk<User>('/api/users?role=executive', a.admin.token, 2)).all;
      expect(executives).toHaveLength(5);
      expect((await walk<User>(`/api/users/company/${a.company._id}`, a.admin.token, 3)).all).toHaveLength(6);
      expect((await t.http.get(`/api/users/company/${a.company._id}`).set(bearer(b.admin.token))).status).toBe(404);
      expect((await t.http.get('/api/users?limit=500').set(bearer(a.admin.token))).body.field).toBe('limit');
    });
  });

  describe('announcements', () => {
    it('walks pinned first, then newest, each once; executives never page into expired ones', async () => {
      const post = (body: object) => t.http.post('/api/announcements').set(bearer(a.admin.token)).send(body).expect(201);
      const made: Announcement[] = [];
      for (let i = 0; i < 5; i++) made.push((await post({ title: `News ${i}`, content: 'Hello', priority: 'medium' })).body);
      await t.http.put(`/api/announcements/${made[1]._id}/pin`).set(bearer(a.admin.token)).send({ isPinned: true }).expect(200);
      const all = (await walk<Announcement>('/api/announcements', a.admin.token, 2)).all;
      expect(ids(all)).toEqual([made[1]._id, made[4]._id, made[3]._id, made[2]._id, made[0]._id]);
      expect((await walk<Announcement>('/api/announcements', b.admin.token, 2)).all).toEqual([]);
      expect((await walk<Announcement>('/api/announcements', a.executives[0].token, 3)).all).toHaveLength(5);
    });
  });

  describe('notifications', () => {
    it("walks the caller's notifications; unread counts all of them, not the page", async () => {
      const e1 = a.executives[0];
      const stored = await t.app.get(MikroORM).em.fork().count(Notification, { user: e1.user._id });
      // At least the 36 tasks assigned and 4 scored, and more than one default page with the others.
      expect(stored).toBeGreaterThan(40);
      const pages = await walk<{ _id: string }>('/api/notifications', e1.token, 10, (body) => (body as { items: { _id: string }[] }).items);
      expect(pages.all).toHaveLength(stored);
      expect(new Set(ids(pages.all)).size).toBe(stored);
      const first = await t.http.get('/api/notifications?limit=3').set(bearer(e1.token));
      expect(first.body.items).toHaveLength(3);
      expect(first.body.unread).toBe(stored);
      expect((await walk<{ _id: string }>('/api/notifications', a.executives[1].token, 10, (body) => (body as { items: { _id: string }[] }).items)).all.every((n) => !ids(pages.all).includes(n._id))).toBe(true);
    });
  });
});
