import type { EntityManager } from '@mikro-orm/knex';
import type { EventPayloads } from '@kpi/contracts';
import { CommitFeed } from '../../events/commit-feed';
import type { UnitOfWork } from '../../events/unit-of-work';
import type { LeaderboardService } from './leaderboard.service';
import { LIVE_LEADERBOARD_INTERVAL_MS, LiveLeaderboard, liveLeaderboardInterval } from './live-leaderboard';

jest.mock('../stats/standings.query', () => ({ companyZone: async (_em: unknown, id: string) => ({ id, timeZone: 'UTC' }) }));

type Board = EventPayloads['leaderboard.updated'];
const board = (score: number, totalExecutives = 3): Board => ({ period: { year: 2026, month: 11 }, top10: [{ rank: 1, totalScore: score } as never], totalExecutives });

/** A company whose committed standings the test sets, and the `leaderboard.updated` events recorded. */
function setup(executives = 3) {
  let standings = board(0, executives);
  let computing: Promise<void> = Promise.resolve();
  const recorded: Board[] = [];
  const feed = new CommitFeed();
  // The read sees the standings committed when it starts, and may take a while.
  const leaderboard = {
    liveTop10: async () => {
      const seen = standings;
      await computing;
      return seen;
    },
  } as unknown as LeaderboardService;
  const uow = { run: async (work: (em: unknown, events: unknown) => Promise<void>) => work(null, { record: (_t: string, _a: unknown, p: Board) => recorded.push(p) }) } as unknown as UnitOfWork;
  const live = new LiveLeaderboard({ fork: () => ({}) } as unknown as EntityManager, uow, feed, leaderboard);
  live.onModuleInit();
  const commit = (score: number) => {
    standings = board(score, executives);
    feed.deliver({ events: [], notices: [{ type: 'standings.changed', payload: { companyId: 'c1' } }] });
  };
  return { live, feed, recorded, commit, hold: (p: Promise<void>): void => void (computing = p) };
}

describe('LiveLeaderboard', () => {
  it('publishes after a commit, and once more for commits made while it computed: the last shows the last commit', async () => {
    const { live, recorded, commit, hold } = setup();
    let release!: () => void;
    hold(new Promise((r) => (release = r)));
    commit(5);
    await new Promise((r) => setTimeout(r, 20));
    // Two more commits while the first top 10 is still being read.
    commit(6);
    commit(7);
    hold(Promise.resolve());
    release();
    await live.idle();
    // The first read saw 5; the commits during it bring one more read, which sees the last.
    expect(recorded.map((b) => b.top10[0].totalScore)).toEqual([5, 7]);
    await live.onModuleDestroy();
  });

  it('records nothing when the top 10 is the one it last recorded', async () => {
    const { live, recorded, commit } = setup();
    commit(8);
    await live.idle();
    commit(8);
    await live.idle();
    expect(recorded.map((b) => b.top10[0].totalScore)).toEqual([8]);
    await live.onModuleDestroy();
  });

  it('waits longer between updates in a larger company: 250 ms up to 1,000 executives, 2.5 s at 10,000', () => {
    expect(liveLeaderboardInterval(3)).toBe(LIVE_LEADERBOARD_INTERVAL_MS);
    expect(liveLeaderboardInterval(1_000)).toBe(250);
    expect(liveLeaderboardInterval(2_000)).toBe(500);
    expect(liveLeaderboardInterval(10_000)).toBe(2_500);
  });

  it('paces a 10,000-executive company’s updates by its size, the last still showing the last commit', async () => {
    jest.useFakeTimers();
    try {
      const { live, recorded, commit } = setup(10_000);
      commit(1);
      await jest.advanceTimersByTimeAsync(0);
      expect(recorded.map((b) => b.top10[0].totalScore)).toEqual([1]);
      commit(2);
      commit(3);
      // Where a small company would have had its next update, this one has not.
      await jest.advanceTimersByTimeAsync(1_000);
      expect(recorded.map((b) => b.top10[0].totalScore)).toEqual([1]);
      await jest.advanceTimersByTimeAsync(1_500);
      expect(recorded.map((b) => b.top10[0].totalScore)).toEqual([1, 3]);
      await live.onModuleDestroy();
    } finally {
      jest.useRealTimers();
    }
  });

  it('a small company’s next update follows after 250 ms', async () => {
    jest.useFakeTimers();
    try {
      const { live, recorded, commit } = setup(40);
      commit(1);
      await jest.advanceTimersByTimeAsync(0);
      commit(2);
      await jest.advanceTimersByTimeAsync(LIVE_LEADERBOARD_INTERVAL_MS);
      expect(recorded.map((b) => b.top10[0].totalScore)).toEqual([1, 2]);
      await live.onModuleDestroy();
    } finally {
      jest.useRealTimers();
    }
  });

  it('ignores commits that changed no standings', async () => {
    const { live, feed, recorded } = setup();
    feed.deliver({ events: [], notices: [{ type: 'wall.revoked', payload: { displayId: 'd1' } }] });
    await live.idle();
    expect(recorded).toEqual([]);
  });
});
