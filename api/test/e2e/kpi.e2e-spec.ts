import type { CompanyStats, ExecutiveStats, OverallStats, Task } from '@kpi/contracts';
import { randomUUID } from 'node:crypto';
import { moveScoredAt } from '../utils/move-scored-at';
import { bearer, createMember, createTenant, superadminLogin, type Member, type Tenant } from '../utils/factories';
import { startTestApp, type TestApp } from '../utils/test-app';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const monthKey = (d: Date) => d.toISOString().slice(0, 7);

/**
 * Hand-computed expectations. Totals = 0.4·quality + 0.4·time + 0.2·initiative (time 10 on time, 8 late).
 *
 * Company K (UTC): four active executives, one inactive.
 *   k1 (Sales):   8.4 (q8 i6) and 10 (q10 i10) this month; 6.4 late (q6 i4, time 8) last month; one pending
 *                 and one submitted-but-unscored task → 5 tasks, 3 completed, average 24.8/3 = 8.27 → 8.3
 *   k2 (Finance): 9.2 (q9 i8) this month
 *   k3 (Sales):   4.0 (q0 i0) this month
 *   k4 (Ops):     nothing
 *   gone (Sales): 10 this month, then deactivated: in the company's task figures, not in per-person ones
 * Company L (Africa/Johannesburg, UTC+2): one executive
 *   l1: 7.0 (q5 i5) mid last month; 8.0 (q10 i0) at 23:00 UTC on the last day of last month, which is
 *       01:00 on the first of this month in Johannesburg.
 */
describe('kpi', () => {
  let t: TestApp;
  let rootToken: string;
  let k: Tenant;
  let l: Tenant;
  let k1: Member, k2: Member, k3: Member, k4: Member, gone: Member, l1: Member;

  const now = new Date();
  const thisMonthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const lastMonth = new Date(thisMonthStart.getTime() - 10 * DAY);
  const thisKey = monthKey(now);
  const lastKey = monthKey(lastMonth);

  async function createTask(tenant: Tenant, exec: Member, deadlineHours = 12): Promise<Task> {
    const res = await t.http
      .post('/api/tasks')
      .set(bearer(tenant.admin.token))
      .send({ title: 'KPI task', description: 'Constructed', assignedTo: exec.user._id, deadline: inHours(deadlineHours), reportLink: 'https://reports.example.com/kpi' });
    if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
  async function scoreTask(tenant: Tenant, exec: Member, quality: number, initiative: number, options: { late?: boolean; scoredAt?: Date } = {}): Promise<number> {
    const task = await createTask(tenant, exec, options.late ? -2 : 12);
    await t.http.put(`/api/tasks/${task._id}/submit`).set(bearer(exec.token)).send({ content: 'Done' }).expect(200);
    const res = await t.http.put(`/api/tasks/${task._id}/score`).set(bearer(tenant.admin.token)).send({ qualityScore: quality, initiativeScore: initiative, feedback: 'Noted.' });
    if (res.status !== 200) throw new Error(`score: ${res.status}`);
    if (options.scoredAt) await moveScoredAt(t.app, task._id, options.scoredAt);
    return res.body.scoring.totalScore;
  }
  const exec = (tenant: Tenant, name: string, department: string) => createMember(t, tenant.admin.token, 'executive', tenant.company._id, { name, department });

  beforeAll(async () => {
    t = await startTestApp();
    rootToken = (await superadminLogin(t)).token;
    k = await createTenant(t, rootToken, 0);
    l = await createTenant(t, rootToken, 0);
    await t.http.put(`/api/companies/${l.company._id}`).set(bearer(rootToken)).send({ timeZone: 'Africa/Johannesburg' }).expect(200);
    k1 = await exec(k, 'Kim One', 'Sales');
    k2 = await exec(k, 'Kai Two', 'Finance');
    k3 = await exec(k, 'Kit Three', 'Sales');
    k4 = await exec(k, 'Kay Four', 'Ops');
    gone = await exec(k, 'Gone Person', 'Sales');
    l1 = await exec(l, 'Lee One', 'Partnerships');

    expect(await scoreTask(k, k1, 8, 6)).toBe(8.4);
    expect(await scoreTask(k, k1, 10, 10)).toBe(10);
    expect(await scoreTask(k, k1, 6, 4, { late: true, scoredAt: lastMonth })).toBe(6.4);
    await createTask(k, k1);
    const submitted = await createTask(k, k1);
    await t.http.put(`/api/tasks/${submitted._id}/submit`).set(bearer(k1.token)).send({ content: 'Waiting' }).expect(200);
    expect(await scoreTask(k, k2, 9, 8)).toBe(9.2);
    expect(await scoreTask(k, k3, 0, 0)).toBe(4);
    expect(await scoreTask(k, gone, 10, 10)).toBe(10);
    await t.http.put(`/api/users/${gone.user._id}`).set(bearer(k.admin.token)).send({ isActive: false }).expect(200);

    expect(await scoreTask(l, l1, 5, 5, { scoredAt: new Date(lastMonth.getTime() - 2 * DAY) })).toBe(7);
    expect(await scoreTask(l, l1, 10, 0, { scoredAt: new Date(thisMonthStart.getTime() - HOUR) })).toBe(8);
  });
  afterAll(() => t.close());

  const kpi = (path: string, token: string) => t.http.get(`/api/kpi${path}`).set(bearer(token));

  describe('GET /kpi/executive/{id}', () => {
    it('computes the figures of one executive', async () => {
      const res = await kpi(`/executive/${k1.user._id}`, k1.token);
      expect(res.status).toBe(200);
      const stats = res.body as ExecutiveStats;
      expect(stats).toEqual({
        averageScore: 8.3,
        currentRank: 1,
        totalExecutives: 4,
        totalTasks: 5,
        completedTasks: 3,
        badges: 2, // first-task and one perfect score; nothing handed in a day early
        performanceLevel: 'excellent',
        monthlyScores: expect.any(Array),
        scoreBreakdown: { qualityAverage: 8, timeAverage: 9.3, initiativeAverage: 6.7 },
      } satisfies Record<keyof ExecutiveStats, unknown>);
      expect(stats.monthlyScores).toHaveLength(12);
      expect(stats.monthlyScores[11]).toEqual({ month: thisKey, score: 9.2, scoredTasks: 2 });
      expect(stats.monthlyScores[10]).toEqual({ month: lastKey, score: 6.4, scoredTasks: 1 });
      // Months with nothing scored say so (scoredTasks 0), so a trend can leave them out rather than plot 0.
      expect(stats.monthlyScores.slice(0, 10).every((m) => m.score === 0 && m.scoredTasks === 0)).toBe(true);
      expect(stats.monthlyScores.map((m) => m.month)).toEqual([...stats.monthlyScores.map((m) => m.month)].sort());
      expect(stats.monthlyScores.every((m) => /^\d{4}-\d\d$/.test(m.month))).toBe(true);
    });

    it('ranks against the current month by default; ?year&month picks another period', async () => {
      const k2Stats = (await kpi(`/executive/${k2.user._id}`, k2.token)).body as ExecutiveStats;
      expect(k2Stats).toMatchObject({ currentRank: 2, totalExecutives: 4, averageScore: 9.2, completedTasks: 1, totalTasks: 1, badges: 1 });
      const [y, m] = lastKey.split('-').map(Number);
      const previous = (await kpi(`/executive/${k2.user._id}?year=${y}&month=${m}`, k2.token)).body as ExecutiveStats;
      expect(previous.currentRank).toBeNull();
      expect((await kpi(`/executive/${k1.user._id}?year=${y}&month=${m}`, k1.token)).body.currentRank).toBe(1);
      const yearly = await kpi(`/executive/${k3.user._id}?year=${now.getUTCFullYear()}`, k3.token);
      expect(yearly.body.currentRank).toBe(3);
      expect((await kpi(`/executive/${k1.user._id}?year=2021&month=1`, k1.token)).body.currentRank).toBeNull();
    });

    it('an executive with nothing scored has zeros, no rank, and the lowest level', async () => {
      const stats = (await kpi(`/executive/${k4.user._id}`, k.admin.token)).body as ExecutiveStats;
      expect(stats).toMatchObject({ averageScore: 0, currentRank: null, totalExecutives: 4, totalTasks: 0, completedTasks: 0, badges: 0, performanceLevel: 'underperforming' });
      expect(stats.scoreBreakdown).toEqual({ qualityAverage: 0, timeAverage: 0, initiativeAverage: 0 });
      expect(stats.monthlyScores.every((x) => x.score === 0)).toBe(true);
    });

    it("follows the executive's company time zone for months", async () => {
      const stats = (await kpi(`/executive/${l1.user._id}`, l1.token)).body as ExecutiveStats;
      expect(stats.monthlyScores[11]).toEqual({ month: thisKey, score: 8, scoredTasks: 1 });
      expect(stats.monthlyScores[10]).toEqual({ month: lastKey, score: 7, scoredTasks: 1 });
      expect(stats).toMatchObject({ averageScore: 7.5, performanceLevel: 'excellent', currentRank: 1, totalExecutives: 1 });
    });

    it('admins read their executives, the superadmin anyone; bad ids and non-executives are 404', async () => {
      expect((await kpi(`/executive/${k1.user._id}`, k.admin.token)).body.averageScore).toBe(8.3);
      expect((await kpi(`/executive/${l1.user._id}`, rootToken)).body.averageScore).toBe(7.5);
      expect((await kpi(`/executive/${k.admin.user._id}`, k.admin.token)).status).toBe(404);
      expect((await kpi(`/executive/${randomUUID()}`, rootToken)).status).toBe(404);
      expect((await kpi(`/executive/${k1.user._id}?month=13`, k1.token)).status).toBe(400);
    });
  });

  describe('GET /kpi/company/{id}', () => {
    it("computes the company's figures", async () => {
      const res = await kpi(`/company/${k.company._id}`, k.admin.token);
      expect(res.status).toBe(200);
      const stats = res.body as CompanyStats;
      // All the company's tasks: 8.4 + 10 + 6.4 + 9.2 + 4 + 10 (the inactive executive's) = 48 over 6.
      expect(stats).toMatchObject({ totalExecutives: 4, totalTasks: 8, completedTasks: 6, averageScore: 8 });
      expect(stats.monthlyPerformance).toHaveLength(12);
      // This month: 8.4, 10, 9.2, 4, 10 → 41.6 / 5 = 8.32.
      expect(stats.monthlyPerformance[11]).toEqual({ month: thisKey, averageScore: 8.3, tasksCompleted: 5 });
      expect(stats.monthlyPerformance[10]).toEqual({ month: lastKey, averageScore: 6.4, tasksCompleted: 1 });
      expect(stats.monthlyPerformance.slice(0, 10).every((m) => m.averageScore === 0 && m.tasksCompleted === 0)).toBe(true);
      // Departments of active executives: Sales k1 (24.8 over 3) + k3 (4) = 28.8 / 4 = 7.2.
      expect(stats.departmentStats).toEqual([
        { department: 'Finance', executiveCount: 1, averageScore: 9.2 },
        { department: 'Ops', executiveCount: 1, averageScore: 0 },
        { department: 'Sales', executiveCount: 2, averageScore: 7.2 },
      ]);
      // k1 8.3 and k2 9.2 excellent, k3 4 underperforming; k4 has nothing scored and is not counted.
      expect(stats.performanceDistribution).toEqual([
        { level: 'excellent', count: 2 },
        { level: 'satisfactory', count: 0 },
        { level: 'underperforming', count: 1 },
      ]);
      expect((await kpi(`/company/${k.company._id}`, rootToken)).body).toEqual(stats);
    });

    it('buckets months in the company time zone', async () => {
      const stats = (await kpi(`/company/${l.company._id}`, l.admin.token)).body as CompanyStats;
      expect(stats.monthlyPerformance[11]).toEqual({ month: thisKey, averageScore: 8, tasksCompleted: 1 });
      expect(stats.monthlyPerformance[10]).toEqual({ month: lastKey, averageScore: 7, tasksCompleted: 1 });
    });

    it('downloads as CSV with the period and generation time', async () => {
      const res = await kpi(`/company/${k.company._id}?format=csv`, k.admin.token);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="company-stats-\d{4}-\d\d-\d\d\.csv"$/);
      const lines = res.text.split('\r\n');
      expect(lines[0]).toMatch(new RegExp(`^# Company statistics; all-time figures with monthly figures \\d{4}-\\d\\d to ${thisKey} \\(UTC\\); generated \\d{4}-.*Z$`));
      expect(lines.slice(1, 6)).toEqual(['metric,value', 'totalExecutives,4', 'totalTasks,8', 'completedTasks,6', 'averageScore,8.0']);
      expect(lines).toContain('month,averageScore,tasksCompleted');
      expect(lines).toContain(`${thisKey},8.3,5`);
      expect(lines).toContain('department,executiveCount,averageScore');
      expect(lines).toContain('Sales,2,7.2');
      expect(lines).toContain('performanceLevel,executives');
      expect(lines).toContain('excellent,2');
    });

    it('executives get 403; another company 404 like a missing one', async () => {
      expect((await kpi(`/company/${k.company._id}`, k1.token)).status).toBe(403);
      const foreign = await kpi(`/company/${k.company._id}`, l.admin.token);
      const missing = await kpi(`/company/${randomUUID()}`, l.admin.token);
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual(missing.body);
      expect((await kpi(`/company/${randomUUID()}`, rootToken)).status).toBe(404);
    });
  });

  describe('GET /kpi/overall', () => {
    it('computes the system-wide figures', async () => {
      const res = await kpi('/overall', rootToken);
      expect(res.status).toBe(200);
      const stats = res.body as OverallStats;
      // K: 48 over 6 scored (8 tasks); L: 15 over 2. Overall 63 / 8 = 7.875.
      expect(stats).toMatchObject({ totalCompanies: 2, totalAdmins: 2, totalExecutives: 5, totalTasks: 10, completedTasks: 8, averageScore: 7.9 });
      const byId = Object.fromEntries(stats.companyPerformance.map((c) => [c.companyId, c]));
      expect(byId[k.company._id]).toEqual({ companyId: k.company._id, company: k.company.name, executiveCount: 4, averageScore: 8, tasksCompleted: 6 });
      expect(byId[l.company._id]).toEqual({ companyId: l.company._id, company: l.company.name, executiveCount: 1, averageScore: 7.5, tasksCompleted: 2 });
      expect(stats.topPerformingCompanies).toEqual([
        { companyId: k.company._id, company: k.company.name, score: 8 },
        { companyId: l.company._id, company: l.company.name, score: 7.5 },
      ]);
      // This month: K 41.6 over 5, plus L's 8 (this month in Johannesburg) → 49.6 / 6 = 8.27.
      // Last month: K's 6.4 and L's 7 → 6.7.
      expect(stats.monthlyTrends).toHaveLength(12);
      expect(stats.monthlyTrends[11]).toEqual({ month: thisKey, averageScore: 8.3 });
      expect(stats.monthlyTrends[10]).toEqual({ month: lastKey, averageScore: 6.7 });
      // k1, k2, l1 (7.5) excellent; k3 underperforming.
      expect(stats.performanceDistribution).toEqual([
        { level: 'excellent', count: 3 },
        { level: 'satisfactory', count: 0 },
        { level: 'underperforming', count: 1 },
      ]);
    });

    it('is for the superadmin only', async () => {
      expect((await kpi('/overall', k.admin.token)).status).toBe(403);
      expect((await kpi('/overall', k1.token)).status).toBe(403);
    });
  });

  describe('tenant isolation', () => {
    const endpoints = () => [
      { name: 'executive', call: (token: string) => kpi(`/executive/${k1.user._id}`, token) },
      { name: 'executive with period', call: (token: string) => kpi(`/executive/${k2.user._id}?year=2026&month=1`, token) },
      { name: 'company', call: (token: string) => kpi(`/company/${k.company._id}`, token) },
      { name: 'company csv', call: (token: string) => kpi(`/company/${k.company._id}?format=csv`, token) },
      { name: 'overall', call: (token: string) => kpi('/overall', token) },
    ];

    it.each(['admin', 'executive'] as const)("another company's %s gets 403/404 on every kpi endpoint and no foreign data", async (role) => {
      const outsider = role === 'admin' ? l.admin : l1;
      for (const { name, call } of endpoints()) {
        const res = await call(outsider.token);
        expect({ name, status: [403, 404].includes(res.status) }).toEqual({ name, status: true });
        expect(res.text).not.toMatch(/Kim One|Kai Two|Sales|8\.3/);
      }
      const foreign = await kpi(`/executive/${k1.user._id}`, outsider.token);
      expect(foreign.status).toBe(404);
    });

    it('an executive asking about a colleague gets 403', async () => {
      const res = await kpi(`/executive/${k2.user._id}`, k1.token);
      expect(res.status).toBe(403);
      expect(res.text).not.toContain('9.2');
    });
  });
});
