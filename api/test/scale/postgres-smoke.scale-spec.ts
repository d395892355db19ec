import { MikroORM } from '@mikro-orm/core';
import type { Announcement, Company, CompanyStats, ExecutiveStats, Leaderboard, LeaderboardEntry, OverallStats, Task, Top10Response } from '@kpi/contracts';
import { demoPassword } from '../../src/seed/demo-password';
import { moveScoredAt } from '../utils/move-scored-at';
import { bearer, createMember, createTenant, superadminLogin, type Member, type Tenant } from '../utils/factories';
import { login, startTestApp, type TestApp } from '../utils/test-app';
import { createScratchDatabase, describeScale, startInstance, type ScratchDatabase } from './scale-env';

const HOUR = 3600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const now = new Date();
const thisYear = now.getUTCFullYear();
const thisMonth = now.getUTCMonth() + 1;
const thisKey = now.toISOString().slice(0, 7);
const thisMonthStart = new Date(Date.UTC(thisYear, thisMonth - 1, 1));

/**
 * The main flows on PostgreSQL, through the real app: what passes on SQLite must give the same answers here
 * (counts come back from PostgreSQL as strings, booleans as booleans, dates compare as timestamptz).
 */
describeScale('the main flows on PostgreSQL', (env) => {
  let db: ScratchDatabase;
  let t: TestApp;
  let rootToken: string;
  let k: Tenant;
  let l: Tenant;
  let k1: Member, k2: Member, k3: Member, l1: Member;
  let scored: Task;

  const get = (path: string, token: string) => t.http.get(`/api${path}`).set(bearer(token));
  const ok = async <T>(path: string, token: string): Promise<T> => {
    const res = await get(path, token);
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
    return res.body as T;
  };
  async function createTask(tenant: Tenant, exec: Member): Promise<Task> {
    const res = await t.http
      .post('/api/tasks')
      .set(bearer(tenant.admin.token))
      // Due within hours, so no "early bird" badge muddles the figures.
      .send({ title: 'Smoke task', description: 'On PostgreSQL', assignedTo: exec.user._id, deadline: inHours(12), reportLink: 'https://reports.example.com/pg' });
    expect(res.status).toBe(201);
    return res.body;
  }
  async function scoreTask(tenant: Tenant, exec: Member, quality: number, initiative: number, scoredAt?: Date): Promise<Task> {
    const task = await createTask(tenant, exec);
    await t.http.put(`/api/tasks/${task._id}/submit`).set(bearer(exec.token)).send({ content: 'Done' }).expect(200);
    const res = await t.http.put(`/api/tasks/${task._id}/score`).set(bearer(tenant.admin.token)).send({ qualityScore: quality, initiativeScore: initiative, feedback: 'Noted.' });
    expect(res.status).toBe(200);
    if (scoredAt) await moveScoredAt(t.app, task._id, scoredAt);
    return res.body;
  }

  /**
   * Company K (UTC): k1 (Sales) 9.2 and 10, plus one pending task; k2 (Finance) 7.6; k3 (Sales) 4.0.
   * Company L (Africa/Johannesburg, UTC+2): l1 7.0, scored at 23:00 UTC on the last day of last month, which is
   * 01:00 on the first of this month in Johannesburg.
   */
  beforeAll(async () => {
    db = await createScratchDatabase(env);
    t = await startInstance(db, env);
    rootToken = (await superadminLogin(t)).token;
    k = await createTenant(t, rootToken, 0);
    l = await createTenant(t, rootToken, 0);
    await t.http.put(`/api/companies/${l.company._id}`).set(bearer(rootToken)).send({ timeZone: 'Africa/Johannesburg' }).expect(200);
    k1 = await createMember(t, k.admin.token, 'executive', k.company._id, { name: 'Kim One', department: 'Sales' });
    k2 = await createMember(t, k.admin.token, 'executive', k.company._id, { name: 'Kai Two', department: 'Finance' });
    k3 = await createMember(t, k.admin.token, 'executive', k.company._id, { name: 'Kit Three', department: 'Sales' });
    l1 = await createMember(t, l.admin.token, 'executive', l.company._id, { name: 'Lee One', department: 'Partnerships' });
    scored = await scoreTask(k, k1, 9, 8);
    expect(scored.scoring?.totalScore).toBe(9.2);
    expect((await scoreTask(k, k1, 10, 10)).scoring?.totalScore).toBe(10);
    await createTask(k, k1);
    expect((await scoreTask(k, k2, 6, 6)).scoring?.totalScore).toBe(7.6);
    expect((await scoreTask(k, k3, 0, 0)).scoring?.totalScore).toBe(4);
    expect((await scoreTask(l, l1, 5, 5, new Date(thisMonthStart.getTime() - HOUR))).scoring?.totalScore).toBe(7);
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('commits durably: the app connections keep synchronous_commit on (an acknowledged write survives power loss)', async () => {
    const [row] = await t.app.get(MikroORM).em.getConnection().execute<{ synchronous_commit: string }[]>('show synchronous_commit');
    expect(row.synchronous_commit).toBe('on');
  });

  it("tells each new notification with its person's unread count as of it (counted by the notifications' insert itself)", async () => {
    const rows: { payload: unknown }[] = await t.app
      .get(MikroORM)
      .em.getConnection()
      .execute(`select payload from event_log where type = 'notification.created' and audience_user_id = ? order by seq`, [k1.user._id]);
    const counts: number[] = rows.map(({ payload }) => ((typeof payload === 'string' ? JSON.parse(payload) : payload) as { unread: number }).unread);
    // Two tasks assigned, two scorings and their badges: several notifications in one insert, none read yet.
    expect(counts.length).toBeGreaterThanOrEqual(5);
    expect(counts).toEqual(counts.map((_, i) => i + 1));
  });

  it('leaderboards: monthly, yearly, top 10, publish, CSV', async () => {
    const summary = (entries: LeaderboardEntry[]) => entries.map((e) => [e.rank, e.user.name, e.totalScore, e.tasksCompleted, e.averageScore, e.performanceLevel]);
    const expected = [
      [1, 'Kim One', 19.2, 2, 9.6, 'excellent'],
      [2, 'Kai Two', 7.6, 1, 7.6, 'excellent'],
      [3, 'Kit Three', 4, 1, 4, 'underperforming'],
    ];
    const monthly = await ok<Leaderboard>(`/leaderboard/monthly/${thisYear}/${thisMonth}`, k.admin.token);
    expect(monthly).toMatchObject({ type: 'monthly', period: { year: thisYear, month: thisMonth }, totalExecutives: 3 });
    expect(summary(monthly.entries)).toEqual(expected);
    expect(monthly.entries[0].badges.length).toBeGreaterThan(0);
    const yearly = await ok<Leaderboard>(`/leaderboard/yearly/${thisYear}`, k1.token);
    expect(summary(yearly.entries)).toEqual(expected);
    const top = await ok<Top10Response>(`/leaderboard/top10/${k.company._id}?userId=${k2.user._id}&year=${thisYear}&month=${thisMonth}`, k2.token);
    expect(top.currentUserPosition?.rank).toBe(2);
    expect(top.totalExecutives).toBe(3);
    // L's only score lands in this month in Johannesburg, though it was still last month in UTC.
    const inL = await ok<Leaderboard>(`/leaderboard/monthly/${thisYear}/${thisMonth}`, l.admin.token);
    expect(summary(inL.entries)).toEqual([[1, 'Lee One', 7, 1, 7, 'satisfactory']]);

    const published = await t.http.post('/api/leaderboard/generate').set(bearer(k.admin.token)).send({ type: 'monthly', year: thisYear, month: thisMonth });
    expect([200, 201]).toContain(published.status);
    expect((await ok<Leaderboard>(`/leaderboard/monthly/${thisYear}/${thisMonth}`, k.admin.token)).generatedAt).toEqual(expect.any(String));
    const csv = await get(`/leaderboard/monthly/${thisYear}/${thisMonth}?format=csv`, k.admin.token);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Kim One');
  });

  it('kpi: executive, company and overall figures are computed by PostgreSQL as on SQLite', async () => {
    const exec = await ok<ExecutiveStats>(`/kpi/executive/${k1.user._id}`, k1.token);
    expect(exec).toMatchObject({ averageScore: 9.6, currentRank: 1, totalExecutives: 3, totalTasks: 3, completedTasks: 2, performanceLevel: 'excellent' });
    expect(exec.badges).toEqual(expect.any(Number));
    expect(exec.scoreBreakdown).toEqual({ qualityAverage: 9.5, timeAverage: 10, initiativeAverage: 9 });
    expect(exec.monthlyScores).toHaveLength(12);
    expect(exec.monthlyScores[11]).toMatchObject({ month: thisKey, score: 9.6 });

    const company = await ok<CompanyStats>(`/kpi/company/${k.company._id}`, k.admin.token);
    // 9.2 + 10 + 7.6 + 4 = 30.8 over 4 scored of 5 tasks.
    expect(company).toMatchObject({ totalExecutives: 3, totalTasks: 5, completedTasks: 4, averageScore: 7.7 });
    expect(company.monthlyPerformance[11]).toEqual({ month: thisKey, averageScore: 7.7, tasksCompleted: 4 });
    expect(company.departmentStats).toEqual([
      { department: 'Finance', executiveCount: 1, averageScore: 7.6 },
      { department: 'Sales', executiveCount: 2, averageScore: 7.7 },
    ]);
    expect(company.performanceDistribution).toEqual([
      { level: 'excellent', count: 2 },
      { level: 'satisfactory', count: 0 },
      { level: 'underperforming', count: 1 },
    ]);
    const inL = await ok<CompanyStats>(`/kpi/company/${l.company._id}`, l.admin.token);
    expect(inL.monthlyPerformance[11]).toEqual({ month: thisKey, averageScore: 7, tasksCompleted: 1 });

    const overall = await ok<OverallStats>('/kpi/overall', rootToken);
    // 30.8 + 7 = 37.8 over 5 scored of 6 tasks; this month holds all five (L's in its own time zone).
    expect(overall).toMatchObject({ totalCompanies: 2, totalAdmins: 2, totalExecutives: 4, totalTasks: 6, completedTasks: 5, averageScore: 7.6 });
    expect(overall.monthlyTrends[11]).toEqual({ month: thisKey, averageScore: 7.6 });
    const byId = Object.fromEntries(overall.companyPerformance.map((c) => [c.companyId, c]));
    expect(byId[k.company._id]).toMatchObject({ executiveCount: 3, averageScore: 7.7, tasksCompleted: 4 });
    expect(byId[l.company._id]).toMatchObject({ executiveCount: 1, averageScore: 7, tasksCompleted: 1 });
    const csv = await get(`/kpi/company/${k.company._id}?format=csv`, k.admin.token);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('totalTasks,5');
  });

  it('announcements: create, list, pin, edit, delete', async () => {
    const created = await t.http.post('/api/announcements').set(bearer(k.admin.token)).send({ title: 'On PostgreSQL', content: 'Hello', priority: 'high' });
    expect(created.status).toBe(201);
    const id = (created.body as Announcement)._id;
    expect((await ok<Announcement[]>('/announcements', k1.token)).map((a) => a._id)).toContain(id);
    const pinned = await t.http.put(`/api/announcements/${id}/pin`).set(bearer(k.admin.token)).send({ isPinned: true });
    expect(pinned.status).toBe(200);
    expect(pinned.body.isPinned).toBe(true);
    const edited = await t.http.put(`/api/announcements/${id}`).set(bearer(k.admin.token)).send({ title: 'Edited on PostgreSQL', expiresAt: inHours(24) });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Edited on PostgreSQL', isPinned: true });
    expect((await ok<Announcement[]>('/announcements', l1.token)).map((a) => a._id)).not.toContain(id);
    expect((await t.http.delete(`/api/announcements/${id}`).set(bearer(k.admin.token))).status).toBe(200);
  });

  it('the other reads answer 200 with numbers where numbers belong', async () => {
    const companies = await ok<Company[]>('/companies', rootToken);
    expect(companies.find((c) => c._id === k.company._id)).toMatchObject({ adminCount: 1, executiveCount: 3 });
    expect((await ok<unknown[]>('/users', k.admin.token)).length).toBe(4);
    expect((await ok<Task[]>('/tasks', k.admin.token)).length).toBe(5);
    expect((await ok<Task[]>(`/tasks/user/${k1.user._id}`, k1.token)).length).toBe(3);
    expect((await ok<unknown[]>(`/tasks/${scored._id}/history`, k.admin.token)).length).toBe(1);
    expect((await ok<unknown[]>('/badges', k1.token)).length).toBe(7);
    expect((await ok<unknown[]>(`/badges/user/${k1.user._id}`, k1.token)).length).toBeGreaterThan(0);
    const notifications = await ok<{ items: unknown[]; unread: number }>('/notifications', k1.token);
    expect(notifications.unread).toEqual(expect.any(Number));
    expect(notifications.unread).toBeGreaterThan(0);
    expect((await t.http.put('/api/notifications/read-all').set(bearer(k1.token))).status).toBe(200);
    expect((await ok<{ unread: number }>('/notifications', k1.token)).unread).toBe(0);
  });

  it('concurrent submits and scorings of one task resolve to one winner, as on SQLite', async () => {
    const task = await createTask(k, k2);
    const submits = await Promise.all(
      [1, 2, 3].map((i) => t.http.put(`/api/tasks/${task._id}/submit`).set(bearer(k2.token)).send({ content: `Attempt ${i}` })),
    );
    expect(submits.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const winner = submits.find((r) => r.status === 200)!.body as Task;
    const listed = (await ok<Task[]>(`/tasks/user/${k2.user._id}`, k2.token)).find((x) => x._id === task._id)!;
    expect(listed.submission).toEqual(winner.submission);

    const scorings = await Promise.all(
      [6, 7].map((q) => t.http.put(`/api/tasks/${task._id}/score`).set(bearer(k.admin.token)).send({ qualityScore: q, initiativeScore: 5, feedback: `q${q}` })),
    );
    expect(scorings.map((r) => r.status)).toEqual([200, 200]);
    const history = await ok<{ reason: string }[]>(`/tasks/${task._id}/history`, k.admin.token);
    // One first scoring and one re-scoring, never two "first" scorings.
    expect(history.map((h) => h.reason).sort()).toEqual(['rescored', 'scored']);
    await t.http.delete(`/api/tasks/${task._id}`).set(bearer(k.admin.token)).expect(200);
  });

  it("a scoring's statements take turns on the transaction's connection: none is queued behind another in the pg client", async () => {
    // pg 8 queues a query sent while another runs on the same client, and warns that pg 9 will not (bound-sql.ts).
    // The pg the app's knex loads (no typings are installed: only `query` and its queue are touched).
    const { Client } = jest.requireActual<{ Client: { prototype: { query: (...args: unknown[]) => unknown } } }>('pg');
    const query = Client.prototype.query;
    let queuedBehindAnother = 0;
    let queries = 0;
    Client.prototype.query = function (this: { _queryQueue: unknown[] }, ...args: unknown[]) {
      queries++;
      if (this._queryQueue.length > 0) queuedBehindAnother++;
      return query.apply(this, args);
    };
    try {
      // A first perfect scoring: its writes, badges, notifications and counters are all sent together.
      const task = await scoreTask(l, l1, 10, 10);
      expect(task.scoring?.totalScore).toBe(10);
    } finally {
      Client.prototype.query = query;
    }
    expect(queries).toBeGreaterThan(10);
    expect(queuedBehindAnother).toBe(0);
  });

  it('deactivating and deleting cascade as on SQLite', async () => {
    await t.http.put(`/api/users/${k3.user._id}`).set(bearer(k.admin.token)).send({ isActive: false }).expect(200);
    const monthly = await ok<Leaderboard>(`/leaderboard/monthly/${thisYear}/${thisMonth}`, k.admin.token);
    expect(monthly.totalExecutives).toBe(2);
    expect(monthly.entries.map((e) => e.user.name)).toEqual(['Kim One', 'Kai Two']);
    expect((await t.http.delete(`/api/users/${k3.user._id}`).set(bearer(k.admin.token))).status).toBe(200);
    expect((await t.http.delete(`/api/companies/${l.company._id}`).set(bearer(rootToken))).status).toBe(200);
    expect((await ok<OverallStats>('/kpi/overall', rootToken)).totalCompanies).toBe(1);
    expect((await get(`/kpi/executive/${l1.user._id}`, rootToken)).status).toBe(404);
  });
});

/**
 * The seeded demo (three companies in three time zones, about 500 tasks over a year) on SQLite and on PostgreSQL:
 * every statistic and leaderboard must come out the same, which catches SQL that means something else on one.
 */
describeScale('the demo on PostgreSQL and on SQLite', (env) => {
  let db: ScratchDatabase;
  let pg: TestApp;
  let sqlite: TestApp;

  beforeAll(async () => {
    db = await createScratchDatabase(env);
    const demo = { DEMO_SEED: 'true', SUPERADMIN_EMAIL: '', SUPERADMIN_PASSWORD: '' };
    [pg, sqlite] = await Promise.all([startInstance(db, env, demo), startTestApp(demo)]);
  });
  afterAll(async () => {
    await Promise.all([pg?.close(), sqlite?.close()]);
    await db?.drop();
  });

  /** Ids and instants differ between the two databases: compare everything else. */
  const IGNORED = new Set(['_id', 'id', 'companyId', 'userId', 'createdAt', 'updatedAt', 'generatedAt']);
  const normalize = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(normalize);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([key]) => !IGNORED.has(key)).map(([key, v]) => [key, normalize(v)]));
    return value;
  };

  it('gives the same statistics and leaderboards on both databases', async () => {
    const read = async (app: TestApp) => {
      const root = (await login(app, 'superadmin@kpi.demo', demoPassword(app.dataDir))).token;
      const call = async (path: string) => {
        const res = await app.http.get(`/api${path}`).set(bearer(root));
        expect({ path, status: res.status }).toEqual({ path, status: 200 });
        return res.body;
      };
      const companies = ((await call('/companies')) as Company[]).sort((a, b) => a.name.localeCompare(b.name));
      const out: Record<string, unknown> = { companies, overall: await call('/kpi/overall') };
      for (const c of companies) {
        out[`${c.name} kpi`] = await call(`/kpi/company/${c._id}`);
        out[`${c.name} monthly`] = await call(`/leaderboard/monthly/${thisYear}/${thisMonth}?company=${c._id}`);
        out[`${c.name} yearly`] = await call(`/leaderboard/yearly/${thisYear}?company=${c._id}`);
        const executives = ((await call(`/users/company/${c._id}`)) as { _id: string; role: string; name: string }[]).filter((u) => u.role === 'executive');
        const first = executives.sort((a, b) => a.name.localeCompare(b.name))[0];
        out[`${c.name} ${first.name}`] = await call(`/kpi/executive/${first._id}`);
      }
      return normalize(out) as Record<string, unknown>;
    };
    const [onPg, onSqlite] = await Promise.all([read(pg), read(sqlite)]);
    expect(Object.keys(onPg)).toHaveLength(2 + 3 * 4);
    expect((onPg.overall as OverallStats).completedTasks).toBeGreaterThan(100);
    for (const key of Object.keys(onSqlite)) expect({ key, value: onPg[key] }).toEqual({ key, value: onSqlite[key] });
  });
});
