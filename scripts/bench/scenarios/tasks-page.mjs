import { sameBytes } from '../lib/same-bytes.mjs';
import { mintToken } from '../lib/tokens.mjs';

const items = (body) => {
  try {
    const list = JSON.parse(body.toString());
    return Array.isArray(list) ? list.length : null;
  } catch {
    return null;
  }
};

export default {
  name: 'tasks-page',
  title: 'GET /api/tasks?limit=50 as a company admin (22,000 tasks in the company) vs bare Nest with the same bytes',
  async run(ctx) {
    const { people } = await ctx.scaled();
    const company = people[0];
    const headers = { authorization: `Bearer ${mintToken(company.admin)}` };
    return sameBytes(ctx, {
      scenario: 'GET /api/tasks?limit=50',
      path: '/api/tasks?limit=50',
      headers,
      connections: 4,
      describe: (body) => {
        const n = items(body);
        return n === null ? 'not a JSON array' : `${n} items per answer${n > 200 ? ' (OVER the 200-item bound)' : ''}`;
      },
    });
  },
};
