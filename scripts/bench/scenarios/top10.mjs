import { sameBytes } from '../lib/same-bytes.mjs';
import { mintToken } from '../lib/tokens.mjs';

export default {
  name: 'top10',
  title: 'GET /api/leaderboard/top10/{company} (1,000 executives) vs bare Nest with the same bytes',
  async run(ctx) {
    const { people } = await ctx.scaled();
    const company = people[0];
    const headers = { authorization: `Bearer ${mintToken(company.admin)}` };
    return sameBytes(ctx, { scenario: 'GET /api/leaderboard/top10/{company}', path: `/api/leaderboard/top10/${company.id}`, headers });
  },
};
