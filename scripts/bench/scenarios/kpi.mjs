import { alternate, row } from '../lib/compare.mjs';
import { sequential } from '../lib/http-load.mjs';
import { median } from '../lib/stats.mjs';
import { mintToken } from '../lib/tokens.mjs';

export default {
  name: 'kpi',
  title: 'GET /api/kpi/overall (superadmin) and /api/kpi/company/{id} (admin) at the seeded size',
  async run(ctx) {
    const { app, db, people, superToken } = await ctx.scaled();
    const company = people[0];
    const overall = { url: `${app.base}/api/kpi/overall`, headers: { authorization: `Bearer ${superToken}` } };
    const companyStats = { url: `${app.base}/api/kpi/company/${company.id}`, headers: { authorization: `Bearer ${mintToken(company.admin)}` } };
    const count = 5;
    const side = ({ url, headers }) => async () => median(await sequential(url, { headers, count }));
    await sequential(overall.url, { headers: overall.headers, count: 1 });
    await sequential(companyStats.url, { headers: companyStats.headers, count: 1 });
    const results = await alternate(ctx.options.rounds, { overall: side(overall), company: side(companyStats) });
    const [{ n: tasks }] = await db.all('select count(*) as n from tasks');
    const note = `${tasks} tasks in the database; sequential requests, median per round`;
    return [
      row({ scenario: 'GET /api/kpi/overall', metric: 'median ms', app: results.overall, target: '≤ 50 ms', note }),
      row({ scenario: 'GET /api/kpi/company/{id}', metric: 'median ms', app: results.company, target: '≤ 50 ms' }),
    ];
  },
};
