import { EntityManager } from '@mikro-orm/sqlite';
import type { Leaderboard, Task } from '@kpi/contracts';
import { monthKey, monthOf } from '../../src/common/periods/periods';
import { periodKeysOf, toTenths } from '../../src/modules/stats/score-aggregates.rules';
import { ScoreAggregatesService } from '../../src/modules/stats/score-aggregates.service';
import { moveScoredAt } from './move-scored-at';
import { bearer, createMember, createTenant, superadminLogin, type Member, type Tenant } from './factories';
import type { TestApp } from './test-app';

/** An entity manager's plain SQL read, whichever driver (SQLite here, PostgreSQL in the scale suite). */
type SqlReader = Pick<EntityManager, 'execute'>;

type Figures = { tasks: number; total: number; quality: number; time: number; initiative: number };
const add = (map: Map<string, Figures>, key: string, f: Figures) => {
  const s = map.get(key) ?? { tasks: 0, total: 0, quality: 0, time: 0, initiative: 0 };
  map.set(key, { tasks: s.tasks + f.tasks, total: s.total + f.total, quality: s.quality + f.quality, time: s.time + f.time, initiative: s.initiative + f.initiative });
};
const sorted = (map: Map<string, Figures>) => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : 1));

/** What the aggregate tables should hold: recounted here from the scored tasks and the companies' zones. */
export async function recountAggregates(em: SqlReader) {
  const rows = await em.execute<Record<string, string | number>[]>(
    `select t.company_id, t.assigned_to_id, t.scored_at, t.total_score, t.quality_score, t.time_score, t.initiative_score, c.time_zone
     from tasks t join companies c on c.id = t.company_id where t.total_score is not null`,
  );
  const users = new Map<string, Figures>();
  const companies = new Map<string, Figures>();
  for (const r of rows) {
    const f = { tasks: 1, total: toTenths(Number(r.total_score)), quality: toTenths(Number(r.quality_score)), time: toTenths(Number(r.time_score)), initiative: toTenths(Number(r.initiative_score)) };
    for (const key of periodKeysOf(new Date(r.scored_at), String(r.time_zone))) {
      add(users, `${r.company_id}|${key}|${r.assigned_to_id}`, f);
      add(companies, `${r.company_id}|${key}`, f);
    }
  }
  return { users: sorted(users), companies: sorted(companies) };
}

/** What the aggregate tables hold. */
export async function storedAggregates(em: SqlReader) {
  const read = async (table: string, key: (r: Record<string, string | number>) => string) => {
    const map = new Map<string, Figures>();
    for (const r of await em.execute<Record<string, string | number>[]>(`select * from ${table}`)) {
      map.set(key(r), { tasks: Number(r.task_count), total: Number(r.total_tenths), quality: Number(r.quality_tenths), time: Number(r.time_tenths), initiative: Number(r.initiative_tenths) });
    }
    return sorted(map);
  };
  return {
    users: await read('score_aggregates', (r) => `${r.company_id}|${r.period_key}|${r.user_id}`),
    companies: await read('company_score_aggregates', (r) => `${r.company_id}|${r.period_key}`),
  };
}

/**
 * The score aggregates must always equal a recount from the tasks table, whatever happened: scorings,
 * re-scorings, deleted tasks, deleted executives, a company changing its time zone. A seeded random sequence
 * of those goes through the API; after it, the tables are compared with a recount done here in plain
 * JavaScript (the period rules of periods.ts, nothing shared with the SQL), and with the rebuild the
 * migration runs.
 */
export function scoreAggregatesSuite(start: () => Promise<{ t: TestApp; stop: () => Promise<void> }>): void {
  let t: TestApp;
  let stop: () => Promise<void>;
  let root: string;
  let tenants: Tenant[];
  const em = () => t.app.get(EntityManager).fork();

  beforeAll(async () => {
    ({ t, stop } = await start());
    root = (await superadminLogin(t)).token;
    tenants = [await createTenant(t, root, 3), await createTenant(t, root, 3)];
    await t.http.put(`/api/companies/${tenants[1].company._id}`).set(bearer(root)).send({ timeZone: 'Pacific/Auckland' }).expect(200);
  });
  afterAll(() => stop());

  /** A small deterministic generator (mulberry32), so a failure replays with the same seed. */
  function random(seed: number) {
    let a = seed;
    const next = () => {
      a = (a + 0x6d2b79f5) | 0;
      let x = Math.imul(a ^ (a >>> 15), 1 | a);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
    return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(list: T[]): T => list[Math.floor(next() * list.length)] };
  }
  const score = () => ({ tenths: (r: ReturnType<typeof random>) => r.int(101) / 10 });

  async function scoredTask(tenant: Tenant, exec: Member, r: ReturnType<typeof random>): Promise<Task> {
    const late = r.next() < 0.3;
    const created = await t.http
      .post('/api/tasks')
      .set(bearer(tenant.admin.token))
      .send({ title: 'Aggregated', description: 'Random', assignedTo: exec.user._id, deadline: new Date(Date.now() + (late ? -2 : 12) * 3600_000).toISOString(), reportLink: 'https://reports.example.com/a' });
    expect(created.status).toBe(201);
    await t.http.put(`/api/tasks/${created.body._id}/submit`).set(bearer(exec.token)).send({ content: 'Done' }).expect(200);
    return rescore(tenant, created.body._id, r);
  }
  async function rescore(tenant: Tenant, taskId: string, r: ReturnType<typeof random>): Promise<Task> {
    const res = await t.http
      .put(`/api/tasks/${taskId}/score`)
      .set(bearer(tenant.admin.token))
      .send({ qualityScore: score().tenths(r), initiativeScore: score().tenths(r), feedback: 'Random.' });
    expect(res.status).toBe(200);
    return res.body;
  }

  const recount = () => recountAggregates(em());
  const stored = () => storedAggregates(em());

  it.each([1, 2])('equal a recount after a random sequence of scorings, re-scorings and deletions (seed %p)', async (seed) => {
    const r = random(seed);
    const scored: { tenant: Tenant; task: Task }[] = [];
    // A few tasks of other months and years (moved in the database, then recounted), so the later re-scorings
    // and deletions change old periods too, in two zones.
    for (const tenant of tenants) {
      for (const at of ['2024-03-31T23:30:00Z', '2024-12-31T11:30:00Z', '2025-06-15T12:00:00Z']) {
        const task = await scoredTask(tenant, r.pick(tenant.executives), r);
        await moveScoredAt(t.app, task._id, new Date(at));
        scored.push({ tenant, task });
      }
    }
    for (let step = 0; step < 40; step++) {
      const roll = r.next();
      if (roll < 0.45 || scored.length === 0) {
        const tenant = r.pick(tenants);
        scored.push({ tenant, task: await scoredTask(tenant, r.pick(tenant.executives), r) });
      } else if (roll < 0.75) {
        const { tenant, task } = r.pick(scored);
        await rescore(tenant, task._id, r);
      } else if (roll < 0.95) {
        const picked = r.pick(scored);
        await t.http.delete(`/api/tasks/${picked.task._id}`).set(bearer(picked.tenant.admin.token)).expect(200);
        scored.splice(scored.indexOf(picked), 1);
      } else {
        // An executive leaves with their tasks; a fresh one takes the place.
        const tenant = r.pick(tenants);
        const gone = tenant.executives.shift()!;
        await t.http.delete(`/api/users/${gone.user._id}`).set(bearer(tenant.admin.token)).expect(200);
        scored.splice(0, scored.length, ...scored.filter((s) => s.task.assignedTo?._id !== gone.user._id));
        tenant.executives.push(await createMember(t, tenant.admin.token, 'executive', tenant.company._id));
      }
    }
    // The zone changes: every task of the company may fall into another month.
    await t.http.put(`/api/companies/${tenants[0].company._id}`).set(bearer(root)).send({ timeZone: seed === 1 ? 'Asia/Kolkata' : 'UTC' }).expect(200);
    await rescore(tenants[0], scored.find((s) => s.tenant === tenants[0])!.task._id, r);

    const expected = await recount();
    expect(expected.users.length).toBeGreaterThan(10);
    expect(await stored()).toEqual(expected);

    // The migration's rebuild reaches the same rows from scratch.
    const fork = em();
    await fork.transactional((tx) => t.app.get(ScoreAggregatesService).rebuildAll(tx));
    expect(await stored()).toEqual(expected);
  });

  it('a deleted company leaves no rows behind', async () => {
    const gone = await createTenant(t, root, 1);
    await scoredTask(gone, gone.executives[0], random(3));
    const rowsOf = async () => Number((await em().execute<{ n: number }[]>('select count(*) as n from score_aggregates where company_id = ?', [gone.company._id]))[0].n);
    expect(await rowsOf()).toBe(3);
    await t.http.delete(`/api/companies/${gone.company._id}`).set(bearer(root)).expect(200);
    expect(await rowsOf()).toBe(0);
    expect(Number((await em().execute<{ n: number }[]>('select count(*) as n from company_score_aggregates where company_id = ?', [gone.company._id]))[0].n)).toBe(0);
  });

  it('the leaderboard read from the aggregates shows what the tasks add up to', async () => {
    const tenant = tenants[1];
    await scoredTask(tenant, tenant.executives[0], random(4));
    const { year, month } = monthOf(new Date(), 'Pacific/Auckland');
    const board: Leaderboard = (await t.http.get(`/api/leaderboard/monthly/${year}/${month}`).set(bearer(tenant.admin.token))).body;
    const { users } = await recount();
    const key = monthKey(year, month);
    const expected = users
      .filter(([k]) => k.startsWith(`${tenant.company._id}|${key}|`))
      .map(([k, f]) => ({ userId: k.split('|')[2], totalScore: f.total / 10, tasksCompleted: f.tasks }))
      .sort((a, b) => b.totalScore - a.totalScore || (a.userId < b.userId ? -1 : 1));
    expect(expected.length).toBeGreaterThan(0);
    const shown = board.entries.map((e) => ({ userId: e.user._id, totalScore: e.totalScore, tasksCompleted: e.tasksCompleted }));
    expect([...shown].sort((a, b) => b.totalScore - a.totalScore || (a.userId < b.userId ? -1 : 1))).toEqual(expected);
  });
}
