import type { AnyEnvelope, Audience } from '@kpi/contracts';
import { CacheDrops } from '../../common/caching/cache-drops';
import { CommitFeed } from '../../events/commit-feed';
import { CommittedCacheDrops } from '../../events/committed-cache-drops';
import { StandingsCache, STANDINGS_TTL_MS, type PeriodBoard } from './standings-cache';

const board = (name: string): PeriodBoard => ({ top10: [], positions: new Map([[name, { rank: 1, userId: name, name, department: 'Sales', totalScore: 8, tasksCompleted: 1, averageScore: 8, performanceLevel: 'good' } as never]]) });
const event = (type: string, audience: Audience, payload: unknown = {}) => ({ envelope: { type, payload } as unknown as AnyEnvelope, audience });

function setUp() {
  const feed = new CommitFeed();
  const drops = new CacheDrops();
  new CommittedCacheDrops(feed, drops);
  const cache = new StandingsCache(drops);
  let clock = 0;
  cache.now = () => clock;
  let reads = 0;
  const read = (name: string) => () => (reads++, Promise.resolve(board(name)));
  return { feed, cache, read, reads: () => reads, tick: (ms: number) => (clock += ms) };
}

describe('StandingsCache', () => {
  it('reads a company period once per second and shares it', async () => {
    const { cache, read, reads, tick } = setUp();
    await Promise.all([cache.board('c1', '2026-11', read('a')), cache.board('c1', '2026-11', read('a'))]);
    expect(reads()).toBe(1);
    tick(STANDINGS_TTL_MS - 1);
    await cache.board('c1', '2026-11', read('a'));
    expect(reads()).toBe(1);
    tick(1);
    await cache.board('c1', '2026-11', read('a'));
    expect(reads()).toBe(2);
  });

  it("drops the company an event concerns at once, and only that company's entries", async () => {
    const { feed, cache, read, reads } = setUp();
    await cache.board('c1', '2026-11', read('a'));
    await cache.board('c2', '2026-11', read('b'));
    feed.deliver({ events: [event('task.scored', { kind: 'user', userId: 'u1', companyId: 'c1' })], notices: [] });
    expect([...(await cache.board('c1', '2026-11', read('a2'))).positions.keys()]).toEqual(['a2']);
    expect([...(await cache.board('c2', '2026-11', read('b2'))).positions.keys()]).toEqual(['b']);
    expect(reads()).toBe(3);
  });

  it('drops on a company change named in the payload, everything on an event naming no company, nothing on an announcement', async () => {
    const { feed, cache, read, reads } = setUp();
    const facts = { id: 'c1', timeZone: 'UTC', executives: 3 };
    await cache.company('c1', () => Promise.resolve(facts));
    await cache.board('c2', '2026', read('b'));
    feed.deliver({ events: [event('announcement.created', { kind: 'company', companyId: 'c2' })], notices: [] });
    await cache.board('c2', '2026', read('b'));
    expect(reads()).toBe(1);
    feed.deliver({ events: [event('company.updated', { kind: 'superadmin' }, { company: { _id: 'c1' } })], notices: [] });
    expect(await cache.company('c1', () => Promise.resolve({ ...facts, timeZone: 'Europe/Berlin' }))).toMatchObject({ timeZone: 'Europe/Berlin' });
    feed.deliver({ events: [event('admin.updated', { kind: 'superadmin' })], notices: [] });
    await cache.board('c2', '2026', read('b'));
    expect(reads()).toBe(2);
  });

  it('does not keep a failed read', async () => {
    const { cache, read, reads } = setUp();
    await expect(cache.board('c1', '2026', () => Promise.reject(new Error('locked')))).rejects.toThrow('locked');
    await cache.board('c1', '2026', read('a'));
    expect(reads()).toBe(1);
  });
});
