import { sameBytes } from '../lib/same-bytes.mjs';
import { mintToken } from '../lib/tokens.mjs';

export default {
  name: 'verify',
  title: 'GET /api/auth/verify (guard + session) vs the same app\'s GET /api/health and vs bare Nest with the same bytes',
  async run(ctx) {
    const { people } = await ctx.scaled();
    const headers = { authorization: `Bearer ${mintToken(people[0].admin)}` };
    return sameBytes(ctx, { scenario: 'GET /api/auth/verify', path: '/api/auth/verify', headers, extra: { health: '/api/health' } });
  },
};
