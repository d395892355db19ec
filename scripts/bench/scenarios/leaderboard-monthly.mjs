import { alternate, row } from '../lib/compare.mjs';
import { sequential } from '../lib/http-load.mjs';
import { median } from '../lib/stats.mjs';
import { mintToken } from '../lib/tokens.mjs';

/** What a monthly board has to read, as plain SQL: the grouped standings, the "of N" count, the badge icons. */
const STANDINGS = `select t.assigned_to_id as user_id, u.name as name, u.department as department, sum(t.total_score) as total, count(*) as tasks
  from tasks as t join users as u on t.assigned_to_id = u.id
  where t.company_id = ? and t.scored_at >= ? and t.scored_at < ? and t.total_score is not null and u.role = 'executive' and u.is_active = 1
  group by t.assigned_to_id, u.name, u.department`;
const ACTIVE = `select count(*) as n from users where company_id = ? and role = 'executive' and is_active = 1`;
const ICONS = (n) => `select ub.user_id, b.icon, min(ub.awarded_at) as first_at from user_badges as ub join badges as b on ub.badge_id = b.id
  where ub.user_id in (${Array(n).fill('?').join(',')}) group by ub.user_id, b.id, b.icon order by min(ub.awarded_at), b.id`;

/** The last full calendar month (UTC: the seeded companies' time zone). */
export function lastFullMonth(now = new Date()) {
  const year = now.getUTCMonth() === 0 ? now.getUTCFullYear() - 1 : now.getUTCFullYear();
  const month = now.getUTCMonth() === 0 ? 12 : now.getUTCMonth();
  return { year, month, start: Date.UTC(year, month - 1, 1), end: Date.UTC(year, month, 1) };
}

export default {
  name: 'leaderboard-monthly',
  title: 'GET /api/leaderboard/monthly/{y}/{m} for a 1,000-executive company vs the same reads in raw SQL on the same file',
  async run(ctx) {
    const { app, db, people } = await ctx.scaled();
    const company = people[0];
    const { year, month, start, end } = lastFullMonth();
    const headers = { authorization: `Bearer ${mintToken(company.admin)}` };
    const url = `${app.base}/api/leaderboard/monthly/${year}/${month}`;
    const count = 10;
    const rawOnce = async () => {
      const t0 = performance.now();
      const rows = await db.all(STANDINGS, [company.id, start, end]);
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
    const appSide = async () => median(await sequential(url, { headers, count }));
    await floor();
    await sequential(url, { headers, count: 3 });
    const results = await alternate(ctx.options.rounds, { floor, app: appSide });
    const plan = (await db.all(`explain query plan ${STANDINGS}`, [company.id, start, end])).map((r) => r.detail).join(' / ');
    const scoredInMonth = (await db.all(`select count(*) as n from tasks where company_id = ? and scored_at >= ? and scored_at < ?`, [company.id, start, end]))[0].n;
    return [
      row({
        scenario: `monthly leaderboard ${year}-${String(month).padStart(2, '0')}`,
        metric: 'median ms',
        app: results.app,
        floor: results.floor,
        floorName: 'raw SQL, same file',
        target: '≤ 1.5×',
        note: `${company.execs.length} executives, ${scoredInMonth} tasks scored that month; raw standings plan: ${plan}`,
      }),
    ];
  },
};
