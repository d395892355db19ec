import { MikroORM } from '@mikro-orm/sqlite';
import { MONTH_NAMES, type EventEnvelope, type EventPayloads, type Leaderboard, type LeaderboardEntry, type Task, type Top10Response, type UserBadge } from '@kpi/contracts';
import { randomUUID } from 'node:crypto';
import { UserBadge as UserBadgeRow } from '../../src/modules/badges/user-badge.entity';
import { LeaderboardSnapshot } from '../../src/modules/leaderboard/leaderboard-snapshot.entity';
import { LiveLeaderboard } from '../../src/modules/leaderboard/live-leaderboard';
import { moveScoredAt } from '../utils/move-scored-at';
import { bearer, createMember, createTenant, superadminLogin, type Member, type Tenant } from '../utils/factories';
import { connectSocket, settle, startTestApp, type TestApp, type TestSocket } from '../utils/test-app';
import { isSessionLookup } from '../../src/modules/users/session-users.query';
import { watchStatements } from '../utils/statement-watch';
import { currentQueryOrigin } from '../../src/common/tenancy/query-origin';

const HOUR = 3600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

/** Quality and initiative for a task handed in on time (time score 10): total = 0.4·q + 4 + 0.2·i. */
const SCORES = {
  10: [10, 10],
  9.2: [9, 8],
  8.4: [8, 6],
  8: [10, 0],
  7: [5, 5],
  6.4: [6, 0],
  5.2: [3, 0],
  4: [0, 0],
} as const;
type Total = keyof typeof SCORES;

const summary = (entries: LeaderboardEntry[]) => entries.map((e) => [e.rank, e.user.name, e.totalScore, e.tasksCompleted, e.averageScore, e.performanceLevel]);

describe('leaderboard', () => {
  let t: TestApp;
  let rootToken: string;
  let orm: MikroORM;

  beforeAll(async () => {
    t = await startTestApp();
    rootToken = (await superadminLogin(t)).token;
    orm = t.app.get(MikroORM);
  });
  afterAll(() => t.close());

  /** Creates, submits and scores a task; `scoredAt` then moves it in time (straight in the database). */
  async function scoreTask(tenant: Tenant, exec: Member, total: Total, options: { scoredAt?: Date; title?: string } = {}): Promise<Task> {
    const created = await t.http
      .post('/api/tasks')
      .set(bearer(tenant.admin.token))
      // Due in 12 hours: on time (time score 10), but not a day early (no early-bird badge).
      .send({ title: options.title ?? `Task for ${exec.user.name}`, description: 'Constructed score', assignedTo: exec.user._id, deadline: inHours(12), reportLink: 'https://reports.example.com/x' });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
    await t.http.put(`/api/tasks/${created.body._id}/submit`).set(bearer(exec.token)).send({ content: 'Done' }).expect(200);
    const [qualityScore, initiativeScore] = SCORES[total];
    const res = await t.http.put(`/api/tasks/${created.body._id}/score`).set(bearer(tenant.admin.token)).send({ qualityScore, initiativeScore, feedback: 'Noted.' });
    if (res.status !== 200 || res.body.scoring.totalScore !== Number(total)) throw new Error(`score: ${res.status} ${JSON.stringify(res.body.scoring)}`);
    if (options.scoredAt) await moveScoredAt(t.app, created.body._id, options.scoredAt);
    return res.body;
  }
  const named = async (tenant: Tenant, name: string, department = 'Sales') => {
    const m = await createMember(t, tenant.admin.token, 'executive', tenant.company._id, { name, department });
    tenant.executives.push(m);
    return m;
  };
  const get = (path: string, token: string) => t.http.get(`/api/leaderboard${path}`).set(bearer(token));
  const now = new Date();
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  const monthly = `/monthly/${thisYear}/${thisMonth}`;

  describe('ranking', () => {
    let a: Tenant;
    let ann: Member, bea: Member, bob: Member, cy: Member, dee: Member, eve: Member, fay: Member;

    beforeAll(async () => {
      a = await createTenant(t, rootToken, 0);
      ann = await named(a, 'Ann Archer', 'Sales');
      bob = await named(a, 'Bob Baker', 'Finance');
      bea = await named(a, 'Bea Bishop', 'Sales');
      cy = await named(a, 'Cy Cole', 'Operations');
      dee = await named(a, 'Dee Dunn', 'Operations');
      eve = await named(a, 'Eve Ellis', 'Sales');
      fay = await named(a, 'Fay Ford', 'Sales');
      await scoreTask(a, ann, 10);
      await scoreTask(a, ann, 10);
      await scoreTask(a, bob, 8.4);
      await scoreTask(a, bob, 8.4);
      await scoreTask(a, bea, 8.4);
      await scoreTask(a, bea, 8.4);
      await scoreTask(a, cy, 6.4);
      await scoreTask(a, cy, 5.2);
      await scoreTask(a, cy, 5.2);
      await scoreTask(a, dee, 6.4);
      // Fay scores best of all, then leaves: inactive executives are neither ranked nor counted.
      await scoreTask(a, fay, 10);
      await scoreTask(a, fay, 10);
      await scoreTask(a, fay, 10);
      await t.http.put(`/api/users/${fay.user._id}`).set(bearer(a.admin.token)).send({ isActive: false }).expect(200);
      // Eve has nothing scored: counted, not ranked.
    });

    it('ranks by total with shared ranks (1, 2, 2, 2, 5), ordered within a tie by average then name', async () => {
      const res = await get(monthly, a.admin.token);
      expect(res.status).toBe(200);
      const board = res.body as Leaderboard;
      expect(board).toMatchObject({ type: 'monthly', period: { year: thisYear, month: thisMonth }, totalExecutives: 6, generatedAt: null });
      expect(summary(board.entries)).toEqual([
        [1, 'Ann Archer', 20, 2, 10, 'excellent'],
        [2, 'Bea Bishop', 16.8, 2, 8.4, 'excellent'],
        [2, 'Bob Baker', 16.8, 2, 8.4, 'excellent'],
        [2, 'Cy Cole', 16.8, 3, 5.6, 'underperforming'],
        [5, 'Dee Dunn', 6.4, 1, 6.4, 'satisfactory'],
      ]);
      expect(board.entries[2].user).toEqual({ _id: bob.user._id, name: 'Bob Baker', department: 'Finance' });
    });

    it('shows the badges each executive holds, each once, in the order earned', async () => {
      const board = (await get(monthly, a.admin.token)).body as Leaderboard;
      const badges = Object.fromEntries(board.entries.map((e) => [e.user.name, e.badges]));
      // Two perfect scores are two awards, but the column shows the badge once.
      expect(badges).toEqual({ 'Ann Archer': ['🎯', '💯'], 'Bea Bishop': ['🎯'], 'Bob Baker': ['🎯'], 'Cy Cole': ['🎯'], 'Dee Dunn': ['🎯'] });
    });

    it('executives read their company leaderboard too; a yearly one holds the same month', async () => {
      const byExec = await get(monthly, eve.token);
      expect(byExec.status).toBe(200);
      expect(byExec.body.entries).toHaveLength(5);
      const yearly = await get(`/yearly/${thisYear}`, eve.token);
      expect(yearly.body).toMatchObject({ type: 'yearly', period: { year: thisYear }, totalExecutives: 6, generatedAt: null });
      expect(yearly.body.period).toEqual({ year: thisYear });
      expect(summary(yearly.body.entries)).toEqual(summary(byExec.body.entries));
    });

    it('refuses bad periods with 400 naming the field', async () => {
      for (const [path, message, field] of [
        ['/monthly/2026/13', 'Month must be between 1 and 12', 'month'],
        ['/monthly/2026/0', 'Month must be between 1 and 12', 'month'],
        ['/monthly/abc/3', 'Year must be a number', 'year'],
        ['/monthly/1999/3', 'Year must be 2000 or later', 'year'],
        ['/yearly/2026.5', 'Year must be a whole number', 'year'],
        [`${monthly}?format=xml`, 'Format must be json or csv', 'format'],
      ]) {
        const res = await get(path, a.admin.token);
        expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 400, body: { statusCode: 400, message, code: 'VALIDATION', field } });
      }
    });

    it('the superadmin must name the company (400), may read any, and an unknown one is 404', async () => {
      const missing = await get(monthly, rootToken);
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ message: 'Company is required', field: 'company' });
      const ok = await get(`${monthly}?company=${a.company._id}`, rootToken);
      expect(ok.status).toBe(200);
      expect(ok.body.entries).toHaveLength(5);
      expect((await get(`/yearly/${thisYear}`, rootToken)).status).toBe(400);
      expect((await get(`${monthly}?company=${randomUUID()}`, rootToken)).status).toBe(404);
    });

    it('an admin or executive naming their own company is fine', async () => {
      expect((await get(`${monthly}?company=${a.company._id}`, a.admin.token)).status).toBe(200);
      expect((await get(`${monthly}?company=${a.company._id}`, ann.token)).status).toBe(200);
    });
  });

  describe('periods', () => {
    it('monthly holds only the month, yearly sums the year, other years are apart', async () => {
      const p = await createTenant(t, rootToken, 2);
      const [x, y] = p.executives;
      await scoreTask(p, x, 10, { scoredAt: new Date('2024-03-10T12:00:00Z') });
      await scoreTask(p, x, 8.4, { scoredAt: new Date('2024-07-01T00:00:00Z') });
      await scoreTask(p, y, 9.2, { scoredAt: new Date('2024-03-31T23:59:59Z') });
      await scoreTask(p, y, 7, { scoredAt: new Date('2023-12-31T23:59:59Z') });
      await scoreTask(p, y, 6.4, { scoredAt: new Date('2025-01-01T00:00:00Z') });

      const march = (await get('/monthly/2024/3', p.admin.token)).body as Leaderboard;
      expect(march.entries.map((e) => [e.rank, e.user._id, e.totalScore, e.tasksCompleted])).toEqual([
        [1, x.user._id, 10, 1],
        [2, y.user._id, 9.2, 1],
      ]);
      const july = (await get('/monthly/2024/7', p.admin.token)).body as Leaderboard;
      expect(july.entries.map((e) => [e.user._id, e.totalScore])).toEqual([[x.user._id, 8.4]]);
      expect((await get('/monthly/2024/6', p.admin.token)).body).toEqual({ type: 'monthly', period: { year: 2024, month: 6 }, totalExecutives: 2, rankedExecutives: 0, entries: [], currentUserEntry: null, generatedAt: null });

      const year = (await get('/yearly/2024', p.admin.token)).body as Leaderboard;
      expect(year.entries.map((e) => [e.rank, e.user._id, e.totalScore, e.tasksCompleted, e.averageScore])).toEqual([
        [1, x.user._id, 18.4, 2, 9.2],
        [2, y.user._id, 9.2, 1, 9.2],
      ]);
      expect((await get('/yearly/2023', p.admin.token)).body.entries.map((e: LeaderboardEntry) => e.totalScore)).toEqual([7]);
      expect((await get('/yearly/2025', p.admin.token)).body.entries.map((e: LeaderboardEntry) => e.totalScore)).toEqual([6.4]);
    });

    it("follows the company's time zone: 23:30 UTC on 31 March is April at UTC+2", async () => {
      const z = await createTenant(t, rootToken, 2);
      const updated = await t.http.put(`/api/companies/${z.company._id}`).set(bearer(rootToken)).send({ timeZone: 'Africa/Johannesburg' });
      expect(updated.body.timeZone).toBe('Africa/Johannesburg');
      const [x, y] = z.executives;
      await scoreTask(z, x, 10, { scoredAt: new Date('2024-03-31T23:30:00Z') }); // 01:30 on 1 April locally
      await scoreTask(z, y, 8.4, { scoredAt: new Date('2024-03-31T21:30:00Z') }); // 23:30 on 31 March locally
      await scoreTask(z, y, 7, { scoredAt: new Date('2024-02-29T22:00:00Z') }); // midnight, 1 March locally
      await scoreTask(z, x, 6.4, { scoredAt: new Date('2024-12-31T22:30:00Z') }); // 00:30 on 1 January 2025 locally

      const march = (await get('/monthly/2024/3', z.admin.token)).body as Leaderboard;
      expect(march.entries.map((e) => [e.user._id, e.totalScore, e.tasksCompleted])).toEqual([[y.user._id, 15.4, 2]]);
      const april = (await get('/monthly/2024/4', z.admin.token)).body as Leaderboard;
      expect(april.entries.map((e) => [e.user._id, e.totalScore])).toEqual([[x.user._id, 10]]);
      expect((await get('/monthly/2024/2', z.admin.token)).body.entries).toEqual([]);
      expect((await get('/yearly/2024', z.admin.token)).body.entries.map((e: LeaderboardEntry) => [e.user._id, e.totalScore])).toEqual([
        [y.user._id, 15.4],
        [x.user._id, 10],
      ]);
      expect((await get('/yearly/2025', z.admin.token)).body.entries.map((e: LeaderboardEntry) => [e.user._id, e.totalScore])).toEqual([[x.user._id, 6.4]]);
      // The download says which calendar its months follow.
      const csv = await get('/monthly/2024/3?format=csv', z.admin.token);
      expect(csv.text.split('\r\n')[0]).toMatch(/^# Monthly leaderboard March 2024 \(Africa\/Johannesburg\); generated /);

      // The same instants in a UTC company fall the other way.
      const u = await createTenant(t, rootToken, 1);
      await scoreTask(u, u.executives[0], 10, { scoredAt: new Date('2024-03-31T23:30:00Z') });
      expect((await get('/monthly/2024/3', u.admin.token)).body.entries).toHaveLength(1);
      expect((await get('/monthly/2024/4', u.admin.token)).body.entries).toHaveLength(0);
    });
  });

  describe('top 10', () => {
    let big: Tenant;
    const totals: Total[] = [10, 9.2, 8.4, 8, 7, 6.4, 5.2, 4, 10, 9.2, 8.4, 4];
    const live = () => t.app.get(LiveLeaderboard);

    beforeAll(async () => {
      big = await createTenant(t, rootToken, 12);
    });

    it('reads the same few queries whatever the number of executives ranked (no N+1)', async () => {
      const countQueries = async (path: string, token: string) => {
        let queries = 0;
        // The caller's session lookup is cached for up to a second, so whether it runs depends on timing: not counted.
        // Every statement the request sends (the ORM's, and those with bound parameters: database/bound-sql.ts,
        // read-rows.ts); not those of background work that happens to run meanwhile (the outbox, the fan-outs).
        const stopWatching = watchStatements(orm, (sql) => void (!isSessionLookup(sql) && currentQueryOrigin() && queries++));
        try {
          const res = await t.http.get(path).set(bearer(token));
          expect(res.status).toBe(200);
          return { queries, body: res.body };
        } finally {
          stopWatching();
        }
      };
      const paths = [monthly, `/yearly/${thisYear}`, `${monthly}?format=csv`, `/top10/${big.company._id}?year=${thisYear}&month=${thisMonth}`];
      await scoreTask(big, big.executives[0], totals[0]);
      await scoreTask(big, big.executives[1], totals[1]);
      // The live top 10 follows each scoring on its own (live-leaderboard.ts): its reads are not these routes'.
      await live().idle();
      const small = [];
      for (const path of paths) small.push(await countQueries(`/api/leaderboard${path}`, big.admin.token));
      expect(small[0].body.entries).toHaveLength(2);

      for (let i = 2; i < 12; i++) await scoreTask(big, big.executives[i], totals[i]);
      await live().idle();
      const large = [];
      for (const path of paths) large.push(await countQueries(`/api/leaderboard${path}`, big.admin.token));
      expect(large[0].body.entries).toHaveLength(12);
      expect(large.map((l) => l.queries)).toEqual(small.map((s) => s.queries));
      // Company, the grouped standings, the executive count, all badges at once, the snapshot.
      for (const l of large) expect(l.queries).toBeGreaterThan(0);
      for (const l of large) expect(l.queries).toBeLessThanOrEqual(5);
      // The top 10 (when not kept from an earlier read): the company with its executive count, the period's rows, their badges.
      expect(large[3].queries).toBeLessThanOrEqual(3);
    });

    it('lists ten and gives the caller their position beyond them', async () => {
      const last = big.executives[11]; // 4 points, tied with executive 7 at rank 11
      const res = await get(`/top10/${big.company._id}?year=${thisYear}&month=${thisMonth}`, last.token);
      expect(res.status).toBe(200);
      const body = res.body as Top10Response;
      expect(body.top10).toHaveLength(10);
      expect(body.top10.map((e) => e.rank)).toEqual([1, 1, 3, 3, 5, 5, 7, 8, 9, 10]);
      expect(body.top10.some((e) => e.user._id === last.user._id)).toBe(false);
      expect(body.currentUserPosition).toEqual({ rank: 11, user: { _id: last.user._id, name: last.user.name, department: last.user.department }, totalScore: 4 });
      expect(body.totalExecutives).toBe(12);
      expect(body.period).toEqual({ year: thisYear, month: thisMonth });
    });

    it('an executive always gets their own position, whatever userId they send', async () => {
      const [first, second] = big.executives;
      const res = await get(`/top10/${big.company._id}?userId=${second.user._id}&year=${thisYear}&month=${thisMonth}`, first.token);
      expect(res.body.currentUserPosition.user._id).toBe(first.user._id);
      expect(res.body.currentUserPosition.rank).toBe(1);
    });

    it('an admin asks about any executive; with none named the admin (not ranked) has no position', async () => {
      const target = big.executives[3];
      const res = await get(`/top10/${big.company._id}?userId=${target.user._id}&year=${thisYear}&month=${thisMonth}`, big.admin.token);
      expect(res.body.currentUserPosition).toMatchObject({ rank: 7, totalScore: 8, user: { _id: target.user._id } });
      expect((await get(`/top10/${big.company._id}?year=${thisYear}&month=${thisMonth}`, big.admin.token)).body.currentUserPosition).toBeNull();
      const superadmin = await get(`/top10/${big.company._id}?userId=${target.user._id}&year=${thisYear}&month=${thisMonth}`, rootToken);
      expect(superadmin.body.currentUserPosition.rank).toBe(7);
    });

    it('without a month it is the year; without a year the current one', async () => {
      const yearly = await get(`/top10/${big.company._id}?year=${thisYear}`, big.admin.token);
      expect(yearly.body.period).toEqual({ year: thisYear });
      expect(yearly.body.top10).toHaveLength(10);
      const bare = await get(`/top10/${big.company._id}`, big.admin.token);
      expect(bare.body.period).toEqual({ year: thisYear });
      const empty = await get(`/top10/${big.company._id}?year=2021&month=1&userId=`, big.admin.token);
      expect(empty.body).toEqual({ top10: [], currentUserPosition: null, totalExecutives: 12, period: { year: 2021, month: 1 } });
    });

    it("another company's id is 404, like a missing one", async () => {
      const other = await createTenant(t, rootToken, 1);
      const foreign = await get(`/top10/${big.company._id}`, other.executives[0].token);
      const missing = await get(`/top10/${randomUUID()}`, other.executives[0].token);
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual(missing.body);
      expect((await get(`/top10/${big.company._id}`, other.admin.token)).status).toBe(404);
      expect((await get(`/top10/${randomUUID()}`, rootToken)).status).toBe(404);
    });
  });

  describe('top 10 kept between reads (standings-cache.ts)', () => {
    let c: Tenant;
    let other: Tenant;
    let ida: Member, ivo: Member;
    const top10 = async (tenant: Tenant, token = tenant.admin.token, userId?: string) => {
      const res = await get(`/top10/${tenant.company._id}?year=${thisYear}&month=${thisMonth}${userId ? `&userId=${userId}` : ''}`, token);
      expect(res.status).toBe(200);
      return res.body as Top10Response;
    };
    const totals = (body: Top10Response) => body.top10.map((e) => [e.user.name, e.totalScore]);

    beforeAll(async () => {
      c = await createTenant(t, rootToken, 0);
      other = await createTenant(t, rootToken, 0);
      ida = await named(c, 'Ida Irving');
      ivo = await named(c, 'Ivo Innes');
      await scoreTask(c, ida, 8);
      await scoreTask(c, ivo, 7);
    });

    it('shows a score given right after a read, with the new position', async () => {
      expect(totals(await top10(c))).toEqual([['Ida Irving', 8], ['Ivo Innes', 7]]);
      expect((await top10(c, ivo.token)).currentUserPosition).toMatchObject({ rank: 2, totalScore: 7 });
      await scoreTask(c, ivo, 4);
      expect(totals(await top10(c))).toEqual([['Ivo Innes', 11], ['Ida Irving', 8]]);
      expect((await top10(c, ivo.token)).currentUserPosition).toMatchObject({ rank: 1, totalScore: 11 });
      expect((await top10(c, c.admin.token, ida.user._id)).currentUserPosition).toMatchObject({ rank: 2, totalScore: 8 });
    });

    it('drops a deactivated executive and counts one fewer at once', async () => {
      const before = await top10(c);
      await t.http.put(`/api/users/${ida.user._id}`).set(bearer(c.admin.token)).send({ isActive: false }).expect(200);
      const after = await top10(c, c.admin.token, ida.user._id);
      expect(after.top10.map((e) => e.user._id)).not.toContain(ida.user._id);
      expect(after.currentUserPosition).toBeNull();
      expect(after.totalExecutives).toBe(before.totalExecutives - 1);
    });

    it('shows a renamed executive under the new name', async () => {
      await top10(c);
      await t.http.put(`/api/users/${ivo.user._id}`).set(bearer(c.admin.token)).send({ name: 'Ivo Ingram' }).expect(200);
      expect((await top10(c)).top10[0].user.name).toBe('Ivo Ingram');
    });

    it("never answers one company's standings for another", async () => {
      await top10(c);
      const otherExec = await named(other, 'Ola Olsen');
      await scoreTask(other, otherExec, 9.2);
      expect(totals(await top10(other))).toEqual([['Ola Olsen', 9.2]]);
      expect(totals(await top10(c))).toEqual([['Ivo Ingram', 11]]);
      expect((await get(`/top10/${c.company._id}?year=${thisYear}&month=${thisMonth}`, otherExec.token)).status).toBe(404);
    });
  });

  describe('generate', () => {
    let g: Tenant;
    let b: Tenant;
    let sockets: Record<'admin' | 'g1' | 'g2' | 'adminB' | 'execB', TestSocket>;
    const june = new Date('2025-06-15T12:00:00Z');
    const generate = (token: string, body: Record<string, unknown>) => t.http.post('/api/leaderboard/generate').set(bearer(token)).send(body);
    const periodAwards = async (period: string) =>
      (await orm.em.fork().find(UserBadgeRow, { company: g.company._id, period }, { orderBy: { user: 'asc', badge: 'asc' } })).map((a) => `${a.user.id}:${a.badge.id}`);
    const awardsOf = (s: TestSocket, period: string) =>
      s.events.filter((e) => e.type === 'badge.awarded' && (e.payload as EventPayloads['badge.awarded']).userBadge.reason?.includes(period));

    beforeAll(async () => {
      g = await createTenant(t, rootToken, 4);
      b = await createTenant(t, rootToken, 1);
      const [g1, g2, g3, g4] = g.executives;
      for (let i = 0; i < 3; i++) await scoreTask(g, g1, 8.4, { scoredAt: june });
      await scoreTask(g, g2, 10, { scoredAt: june });
      await scoreTask(g, g2, 10, { scoredAt: june });
      await scoreTask(g, g3, 6.4, { scoredAt: june });
      await scoreTask(g, g4, 5.2, { scoredAt: june });
      const [admin, s1, s2, adminB, execB] = await Promise.all([
        connectSocket(t, g.admin.token),
        connectSocket(t, g1.token),
        connectSocket(t, g2.token),
        connectSocket(t, b.admin.token),
        connectSocket(t, b.executives[0].token),
      ]);
      sockets = { admin, g1: s1, g2: s2, adminB, execB };
    });
    afterAll(() => Object.values(sockets ?? {}).forEach((s) => s.close()));

    it('only admins publish: executives and the superadmin get 403', async () => {
      expect((await generate(g.executives[0].token, { type: 'monthly', year: 2025, month: 6 })).status).toBe(403);
      expect((await generate(rootToken, { type: 'monthly', year: 2025, month: 6 })).status).toBe(403);
      expect(await periodAwards('2025-06')).toEqual([]);
    });

    it.each([
      [{ type: 'weekly', year: 2025 }, 'Type must be monthly or yearly', 'type'],
      [{ type: 'monthly', year: 2025 }, 'Month is required for a monthly leaderboard', 'month'],
      [{ type: 'monthly', year: 2025, month: 13 }, 'Month must be between 1 and 12', 'month'],
      [{ type: 'yearly' }, 'Year must be a number', 'year'],
      [{ type: 'monthly', year: 2099, month: 1 }, 'A leaderboard can only be generated for a period that has started', 'month'],
      [{ type: 'yearly', year: 2099 }, 'A leaderboard can only be generated for a period that has started', 'year'],
    ])('refuses %p', async (body, message, field) => {
      const res = await generate(g.admin.token, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, message, code: 'VALIDATION', field });
    });

    it('stores a frozen snapshot, awards the period badges, and tells the company', async () => {
      const [g1, g2, g3, g4] = g.executives;
      expect((await get('/monthly/2025/6', g.admin.token)).body.generatedAt).toBeNull();
      const res = await generate(g.admin.token, { type: 'monthly', year: 2025, month: 6 });
      expect(res.status).toBe(201);
      const board = res.body as Leaderboard;
      expect(board).toMatchObject({ type: 'monthly', period: { year: 2025, month: 6 }, totalExecutives: 4, generatedAt: expect.any(String) });
      expect(board.entries.map((e) => [e.rank, e.user._id, e.totalScore, e.averageScore])).toEqual([
        [1, g1.user._id, 25.2, 8.4],
        [2, g2.user._id, 20, 10],
        [3, g3.user._id, 6.4, 6.4],
        [4, g4.user._id, 5.2, 5.2],
      ]);
      // The published badges column already shows what publishing awarded.
      expect(board.entries[0].badges).toEqual(['🎯', '⭐', '🥉', '🏆']);
      expect(board.entries[3].badges).toEqual(['🎯']);

      // Rank 1 → top performer + podium; 2-3 → podium; 8.4 over 3 tasks → consistent excellence (g2 has 2 tasks).
      expect(await periodAwards('2025-06')).toEqual(
        [
          `${g1.user._id}:consistent-excellence`,
          `${g1.user._id}:podium`,
          `${g1.user._id}:top-performer`,
          `${g2.user._id}:podium`,
          `${g3.user._id}:podium`,
        ].sort(),
      );
      const mine = (await t.http.get(`/api/badges/user/${g1.user._id}`).set(bearer(g1.token))).body as UserBadge[];
      expect(mine.find((x) => x.badge._id === 'top-performer')).toMatchObject({ badge: { icon: '🏆', name: 'Top Performer' }, reason: 'Ranked #1 in the June 2025 leaderboard' });

      const snapshots = await orm.em.fork().find(LeaderboardSnapshot, { company: g.company._id });
      expect(snapshots).toHaveLength(1);
      expect(snapshots[0]).toMatchObject({ type: 'monthly', periodKey: '2025-06', year: 2025, month: 6, totalExecutives: 4, generatedById: g.admin.user._id });
      expect(snapshots[0].generatedAt.toISOString()).toBe(board.generatedAt);
      expect(snapshots[0].entries).toEqual(board.entries);

      const read = (await get('/monthly/2025/6', g.executives[3].token)).body as Leaderboard;
      expect(read.generatedAt).toBe(board.generatedAt);
      expect((await get('/yearly/2025', g.admin.token)).body.generatedAt).toBeNull();

      // Events: the whole company hears of the publication; each award goes to its receiver and the admins.
      for (const s of [sockets.admin, sockets.g1, sockets.g2]) {
        const e = await s.waitFor('leaderboard.generated');
        expect(e.payload).toEqual({ type: 'monthly', period: { year: 2025, month: 6 }, generatedAt: board.generatedAt });
        expect(e.companyId).toBe(g.company._id);
      }
      await sockets.admin.waitFor('badge.awarded', 3000, () => awardsOf(sockets.admin, 'June 2025').length === 5);
      await settle();
      expect(awardsOf(sockets.admin, 'June 2025')).toHaveLength(5);
      const toG1 = awardsOf(sockets.g1, 'June 2025');
      expect(toG1.map((e) => (e.payload as EventPayloads['badge.awarded']).userBadge.badge._id).sort()).toEqual(['consistent-excellence', 'podium', 'top-performer']);
      expect(toG1.every((e) => (e.payload as EventPayloads['badge.awarded']).userId === g1.user._id)).toBe(true);
      expect(awardsOf(sockets.g2, 'June 2025').map((e) => (e.payload as EventPayloads['badge.awarded']).userId)).toEqual([g2.user._id]);
      const note = await sockets.g1.waitFor('notification.created', 3000, (e) => (e.payload as EventPayloads['notification.created']).notification.kind === 'badge.awarded' && (e.payload as EventPayloads['notification.created']).notification.title === 'Badge earned: Top Performer');
      expect((note.payload as EventPayloads['notification.created']).notification).toMatchObject({ link: '/executive/profile', body: '🏆 Ranked #1 in the June 2025 leaderboard' });

      // Nothing reaches another company.
      for (const s of [sockets.adminB, sockets.execB]) {
        expect(s.events.filter((e: EventEnvelope) => ['leaderboard.generated', 'badge.awarded'].includes(e.type) || e.companyId === g.company._id)).toEqual([]);
      }
    });

    it('publishing again replaces the snapshot and never awards twice', async () => {
      const before = await periodAwards('2025-06');
      const first = (await orm.em.fork().findOneOrFail(LeaderboardSnapshot, { company: g.company._id, periodKey: '2025-06' })).generatedAt;
      const awardsSeen = awardsOf(sockets.admin, 'June 2025').length;
      const generatedSeen = sockets.g1.events.filter((e) => e.type === 'leaderboard.generated').length;
      await settle(10);

      const res = await generate(g.admin.token, { type: 'monthly', year: 2025, month: 6 });
      expect(res.status).toBe(201);
      await sockets.g1.waitFor('leaderboard.generated', 3000, () => sockets.g1.events.filter((e) => e.type === 'leaderboard.generated').length > generatedSeen);
      await settle();
      expect(await periodAwards('2025-06')).toEqual(before);
      expect(awardsOf(sockets.admin, 'June 2025')).toHaveLength(awardsSeen);
      const snapshots = await orm.em.fork().find(LeaderboardSnapshot, { company: g.company._id });
      expect(snapshots).toHaveLength(1);
      expect(snapshots[0].generatedAt.getTime()).toBeGreaterThan(first.getTime());
      expect(snapshots[0].generatedAt.toISOString()).toBe(res.body.generatedAt);
      expect(res.body.entries[0].badges).toEqual(['🎯', '⭐', '🥉', '🏆']);
    });

    it('a yearly publication is its own period', async () => {
      const res = await generate(g.admin.token, { type: 'yearly', year: 2025 });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ type: 'yearly', period: { year: 2025 } });
      expect(res.body.period).toEqual({ year: 2025 });
      expect(await periodAwards('2025')).toHaveLength(5);
      expect(await periodAwards('2025-06')).toHaveLength(5);
      expect(await orm.em.fork().count(LeaderboardSnapshot, { company: g.company._id })).toBe(2);
      expect((await get('/yearly/2025', g.admin.token)).body.generatedAt).toBe(res.body.generatedAt);
    });

    it('the snapshot keeps names as they were; the live leaderboard follows the people', async () => {
      const [g1] = g.executives;
      await t.http.put(`/api/users/${g1.user._id}`).set(bearer(g.admin.token)).send({ name: 'Renamed Person' }).expect(200);
      const snapshot = await orm.em.fork().findOneOrFail(LeaderboardSnapshot, { company: g.company._id, periodKey: '2025-06' });
      expect(snapshot.entries[0].user.name).toBe(g1.user.name);
      expect((await get('/monthly/2025/6', g.admin.token)).body.entries[0].user.name).toBe('Renamed Person');

      // Deleting an executive keeps the published rows.
      await t.http.delete(`/api/users/${g.executives[3].user._id}`).set(bearer(g.admin.token)).expect(200);
      const kept = await orm.em.fork().findOneOrFail(LeaderboardSnapshot, { company: g.company._id, periodKey: '2025-06' });
      expect(kept.entries).toHaveLength(4);
      expect((await get('/monthly/2025/6', g.admin.token)).body.entries).toHaveLength(3);
    });

    it('a company publishes only its own leaderboard', async () => {
      const res = await generate(b.admin.token, { type: 'monthly', year: 2025, month: 6 });
      expect(res.status).toBe(201);
      expect(res.body.entries).toEqual([]);
      expect(await orm.em.fork().count(LeaderboardSnapshot, { company: g.company._id })).toBe(2);
      await settle(100);
      const gotB = sockets.g1.events.filter((e) => e.companyId === b.company._id);
      expect(gotB).toEqual([]);
    });
  });

  describe('CSV', () => {
    let c: Tenant;
    beforeAll(async () => {
      c = await createTenant(t, rootToken, 0);
      const smith = await named(c, 'Smith, "Jo"', 'Sales, EMEA');
      const formula = await named(c, '=SUM(A1:A2)', '@Ops');
      const plain = await named(c, 'Plain Name', '-Neg');
      await scoreTask(c, smith, 10);
      await scoreTask(c, formula, 8.4);
      await scoreTask(c, plain, 6.4);
    });

    const lines = (text: string) => text.split('\r\n');

    it('downloads the monthly leaderboard as text/csv with escaped cells', async () => {
      const res = await get(`${monthly}?format=csv`, c.admin.token);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="leaderboard-${thisYear}-${String(thisMonth).padStart(2, '0')}.csv"`);
      const [comment, header, ...rows] = lines(res.text);
      expect(comment).toMatch(new RegExp(`^# Monthly leaderboard ${MONTH_NAMES[thisMonth - 1]} ${thisYear} \\(UTC\\); generated \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z; not published; 3 of 3 executives ranked$`));
      expect(header).toBe('rank,name,department,totalScore,tasksCompleted,averageScore,performanceLevel');
      expect(rows).toEqual([
        '1,"Smith, ""Jo""","Sales, EMEA",10.0,1,10.0,excellent',
        "2,'=SUM(A1:A2),'@Ops,8.4,1,8.4,excellent",
        "3,Plain Name,'-Neg,6.4,1,6.4,satisfactory",
        '',
      ]);
    });

    it('yearly too, and a published period says when it was published', async () => {
      const published = await t.http.post('/api/leaderboard/generate').set(bearer(c.admin.token)).send({ type: 'yearly', year: thisYear });
      const res = await get(`/yearly/${thisYear}?format=csv`, c.executives[0].token);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const [comment, header, first] = lines(res.text);
      expect(comment).toContain(`# Yearly leaderboard ${thisYear} (UTC); generated `);
      expect(comment).toContain(`; published ${published.body.generatedAt};`);
      expect(header).toBe('rank,name,department,totalScore,tasksCompleted,averageScore,performanceLevel');
      expect(first).toBe('1,"Smith, ""Jo""","Sales, EMEA",10.0,1,10.0,excellent');
      expect((await get(`/yearly/${thisYear}?format=json`, c.admin.token)).body.entries).toHaveLength(3);
    });
  });

  describe('tenant isolation', () => {
    let a: Tenant;
    let b: Tenant;
    beforeAll(async () => {
      a = await createTenant(t, rootToken, 0);
      b = await createTenant(t, rootToken, 1);
      const secret = await named(a, 'Confidential Carla');
      await scoreTask(a, secret, 9.2);
    });

    const endpoints = () => [
      { name: 'monthly ?company', call: (token: string) => get(`${monthly}?company=${a.company._id}`, token) },
      { name: 'yearly ?company', call: (token: string) => get(`/yearly/${thisYear}?company=${a.company._id}`, token) },
      { name: 'monthly csv ?company', call: (token: string) => get(`${monthly}?company=${a.company._id}&format=csv`, token) },
      { name: 'top10', call: (token: string) => get(`/top10/${a.company._id}?year=${thisYear}&month=${thisMonth}`, token) },
      { name: 'top10 yearly', call: (token: string) => get(`/top10/${a.company._id}`, token) },
    ];

    it.each(['admin', 'executive'] as const)("another company's %s gets 403/404 everywhere and sees no foreign data", async (role) => {
      const outsider = role === 'admin' ? b.admin : b.executives[0];
      for (const { name, call } of endpoints()) {
        const res = await call(outsider.token);
        expect({ name, status: [403, 404].includes(res.status) }).toEqual({ name, status: true });
        expect(res.text).not.toContain('Confidential Carla');
      }
      // Their own leaderboard holds none of it, and publishing touches only their own company.
      const own = await get(monthly, outsider.token);
      expect(own.status).toBe(200);
      expect(own.text).not.toContain('Confidential Carla');
      const gen = await t.http.post('/api/leaderboard/generate').set(bearer(outsider.token)).send({ type: 'monthly', year: thisYear, month: thisMonth });
      if (role === 'executive') expect(gen.status).toBe(403);
      else expect(gen.body.entries).toEqual([]);
      expect(await orm.em.fork().count(LeaderboardSnapshot, { company: a.company._id })).toBe(0);
    });

    it('needs a token', async () => {
      expect((await t.http.get(`/api/leaderboard${monthly}`)).status).toBe(401);
      expect((await t.http.post('/api/leaderboard/generate').send({ type: 'yearly', year: 2025 })).status).toBe(401);
    });
  });
});
