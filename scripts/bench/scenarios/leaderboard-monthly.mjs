import { alternate, row } from '../lib/compare.mjs';
import { sequential } from '../lib/http-load.mjs';
import { median } from '../lib/stats.mjs';
import { mintToken } from '../lib/tokens.mjs';

/** What a monthly board has to read, as plain SQL: the grouped standings, the "of N" count, the badge icons. */
const STANDINGS = `select t.assigned_to_id as user_id, u.name as name, u.department as department, sum(t.total_score) as total, count(*) as tasks
  from tasks as t join users as u on t.assigned_to_id = u.id
  where t.company_id = ? and t.scored_at >= ? and t.scored_at < ? and t.total_score is not null and u.role = 'executive' and u.is_active = true
  group by t.assigned_to_id, u.name, u.department`;
const ACTIVE = `select count(*) as n from users where company_id = ? and role = 'executive' and is_active = true`;
const ICONS = (n) => `select ub.user_id, b.icon, min(ub.awarded_at) as first_at from user_badges as ub join badges as b on ub.badge_id = b.id
  where ub.user_id in (${Array(n).fill('?').join(',')}) group by ub.user_id, b.id, b.icon order by min(ub.awarded_at), b.id`;

/**
 * What the app reads for the board, as plain SQL: the month's aggregate rows of the active executives (the app's
 * standings query), the count, the badge icons (the app's query), then serialised as the answer would be. The
 * first floor (above) aggregates the tasks themselves; this one starts from the same rows as the app.
 */
const AGGREGATE_STANDINGS = `select a.user_id as user_id, u.name as name, u.department as department, a.total_tenths as total_tenths, a.task_count as tasks
  from score_aggregates a join users u on u.id = a.user_id
  where a.company_id = ? and a.period_key = ? and u.role = 'executive' and u.is_active = true`;
const COMPANY_ICONS = (n) => `select ub.user_id as user_id, b.icon as icon from user_badges ub join badges b on b.id = ub.badge_id
  where ub.company_id = ? and ub.user_id in (${Array(n).fill('?').join(',')})
  group by ub.user_id, b.id, b.icon order by min(ub.awarded_at) asc, b.id asc`;

/** The last full calendar month (UTC: the seeded companies' time zone). */
export function lastFullMonth(now = new Date()) {
  const year = now.getUTCMonth() === 0 ? now.getUTCFullYear() - 1 : now.getUTCFullYear();
  const month = now.getUTCMonth() === 0 ? 12 : now.getUTCMonth();
  return { year, month, start: Date.UTC(year, month - 1, 1), end: Date.UTC(year, month, 1) };
}

export default {
  name: 'leaderboard-monthly',
  title: 'GET /api/leaderboard/monthly/{y}/{m} for a 1,000-executive company vs the same reads in raw SQL on the same database (over the tasks, and over the aggregate rows)',
  async run(ctx) {
    const { app, db, people } = await ctx.scaled();
    const company = people[0];
    const { year, month, start, end } = lastFullMonth();
    const headers = { authorization: `Bearer ${mintToken(company.admin)}` };
    const url = `${app.base}/api/leaderboard/monthly/${year}/${month}`;
    const count = 10;
    const rawOnce = async () => {
      const t0 = performance.now();
      const rows = await db.all(STANDINGS, [company.id, db.date(start), db.date(end)]);
      await db.all(ACTIVE, [company.id]);
      const ids = rows.map((r) => r.user_id);
      for (let i = 0; i < ids.length; i += 900) await db.all(ICONS(Math.min(900, ids.length - i)), ids.slice(i, i + 900));
      return performance.now() - t0;
    };
    const floor = async () => {
      const samples = [];
      for (let i = 0; i < count; i++) samples.push(await rawOnce());
      return median(samples);
    };
    const periodKey = `${year}-${String(month).padStart(2, '0')}`;
    const aggregateOnce = async () => {
      const t0 = performance.now();
      const rows = await db.all(AGGREGATE_STANDINGS, [company.id, periodKey]);
      const [{ n: executives }] = await db.all(ACTIVE, [company.id]);
      const icons = new Map();
      if (rows.length) for (const r of await db.all(COMPANY_ICONS(rows.length), [company.id, ...rows.map((r) => r.user_id)])) icons.set(r.user_id, [...(icons.get(r.user_id) ?? []), r.icon]);
      const ranked = rows.map((r) => ({ ...r, total: Number(r.total_tenths) / 10, tasks: Number(r.tasks) })).sort((a, b) => b.total - a.total);
      const entries = ranked.map((r, i) => ({ rank: i + 1, user: { _id: r.user_id, name: r.name, department: r.department }, totalScore: r.total, tasksCompleted: r.tasks, averageScore: Math.round((r.total / r.tasks) * 10) / 10, badges: icons.get(r.user_id) ?? [] }));
      JSON.stringify({ type: 'monthly', period: { year, month }, totalExecutives: Number(executives), entries, generatedAt: null });
      return performance.now() - t0;
    };
    const aggregateFloor = async () => {
      const samples = [];
      for (let i = 0; i < count; i++) samples.push(await aggregateOnce());
      return median(samples);
    };
    const appSide = async () => median(await sequential(url, { headers, count }));
    await floor();
    await aggregateFloor();
    await sequential(url, { headers, count: 3 });
    const results = await alternate(ctx.options.rounds, { floor, aggregates: aggregateFloor, app: appSide });
    const dates = [company.id, db.date(start), db.date(end)];
    const plan = (await db.plan(STANDINGS, dates)).join(' / ');
    const aggregatePlan = (await db.plan(AGGREGATE_STANDINGS, [company.id, periodKey])).join(' / ');
    const scoredInMonth = (await db.all(`select count(*) as n from tasks where company_id = ? and scored_at >= ? and scored_at < ?`, dates))[0].n;
    return [
      row({
        scenario: `monthly leaderboard ${year}-${String(month).padStart(2, '0')}`,
        metric: 'median ms',
        app: results.app,
        floor: results.floor,
        floorName: 'raw SQL over the tasks, same database',
        target: '≤ 1.5×',
        note: `${company.execs.length} executives, ${scoredInMonth} tasks scored that month; raw standings plan: ${plan}`,
      }),
      row({
        scenario: `monthly leaderboard ${year}-${String(month).padStart(2, '0')}`,
        metric: 'median ms',
        app: results.app,
        floor: results.aggregates,
        floorName: 'raw SQL over the aggregate rows + JSON',
        target: '—',
        note: `the rows the app reads (score_aggregates, the count, the badge icons) and the answer serialised; plan: ${aggregatePlan}`,
      }),
    ];
  },
};
