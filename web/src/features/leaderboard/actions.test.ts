import type { Leaderboard, LeaderboardEntry } from '@kpi/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { store } from '../../lib/store';
import { applyLeaderboardGenerated, applyLeaderboardUpdate, loadLeaderboard, loadMoreLeaderboard } from './actions';
import { leaderboardApi } from './api';
import { leaderboardAtom, leaderboardPage, leaderboardQueryAtom, leaderboardStatusAtom } from './atoms';

const entry = (id: string, rank: number, totalScore = 10 - rank): LeaderboardEntry => ({
  rank,
  user: { _id: id, name: `Person ${id}`, department: 'Sales' },
  totalScore,
  tasksCompleted: 1,
  averageScore: totalScore,
  performanceLevel: 'satisfactory',
  badges: [],
});

const march: Leaderboard = { type: 'monthly', period: { year: 2026, month: 3 }, totalExecutives: 3, rankedExecutives: 2, entries: [entry('a', 1), entry('b', 2)], currentUserEntry: null, generatedAt: null };

describe('leaderboard atoms', () => {
  beforeEach(() => {
    store.set(leaderboardAtom, march);
    store.set(leaderboardStatusAtom, 'ready');
  });
  afterEach(() => vi.restoreAllMocks());

  it('applies a live top 10 of the shown month, and the same event twice changes nothing more', () => {
    const update = { period: { year: 2026, month: 3 }, top10: [entry('b', 1, 12), entry('a', 2)], totalExecutives: 3 };
    expect(applyLeaderboardUpdate(update)).toBe(false);
    const once = store.get(leaderboardAtom);
    expect(once?.entries.map((e) => e.user._id)).toEqual(['b', 'a']);
    applyLeaderboardUpdate(update);
    expect(store.get(leaderboardAtom)).toEqual(once);
  });

  it('leaves another month alone, and asks a yearly board of that year to refetch', () => {
    expect(applyLeaderboardUpdate({ period: { year: 2026, month: 4 }, top10: [], totalExecutives: 3 })).toBe(false);
    expect(store.get(leaderboardAtom)).toBe(march);
    store.set(leaderboardAtom, { ...march, type: 'yearly', period: { year: 2026 } });
    expect(applyLeaderboardUpdate({ period: { year: 2026, month: 4 }, top10: [], totalExecutives: 3 })).toBe(true);
    expect(applyLeaderboardUpdate({ period: { year: 2025, month: 4 }, top10: [], totalExecutives: 3 })).toBe(false);
  });

  it('marks the shown period published', () => {
    expect(applyLeaderboardGenerated({ type: 'yearly', period: { year: 2026 }, generatedAt: '2026-04-01T09:00:00.000Z' })).toBe(false);
    expect(store.get(leaderboardAtom)?.generatedAt).toBeNull();
    expect(applyLeaderboardGenerated({ type: 'monthly', period: { year: 2026, month: 3 }, generatedAt: '2026-04-01T09:00:00.000Z' })).toBe(true);
    expect(store.get(leaderboardAtom)?.generatedAt).toBe('2026-04-01T09:00:00.000Z');
  });

  it('drops a late answer for a period the user has left', async () => {
    let answerOld: (b: Leaderboard) => void = () => {};
    const april: Leaderboard = { ...march, period: { year: 2026, month: 4 }, entries: [] };
    vi.spyOn(leaderboardApi, 'board')
      .mockImplementationOnce(() => new Promise((resolve) => (answerOld = (body) => resolve({ body, next: null }))))
      .mockImplementationOnce(() => Promise.resolve({ body: april, next: null }));
    const first = loadLeaderboard({ type: 'monthly', year: 2026, month: 3 });
    await loadLeaderboard({ type: 'monthly', year: 2026, month: 4 });
    answerOld(march);
    await first;
    expect(store.get(leaderboardAtom)).toBe(april);
  });

  it('a quiet refetch that fails keeps what is shown', async () => {
    vi.spyOn(leaderboardApi, 'board').mockRejectedValueOnce(new Error('down'));
    await loadLeaderboard({ type: 'monthly', year: 2026, month: 3 }, { quiet: true });
    expect(store.get(leaderboardAtom)).toBe(march);
    expect(store.get(leaderboardStatusAtom)).toBe('ready');
  });

  it('opens on the top 10 and shows more page by page, never doubling a row; a live refresh keeps what is shown', async () => {
    const query = { type: 'monthly' as const, year: 2026, month: 3 };
    store.set(leaderboardQueryAtom, query);
    const spy = vi
      .spyOn(leaderboardApi, 'board')
      .mockResolvedValueOnce({ body: march, next: 'c1' })
      .mockResolvedValueOnce({ body: { ...march, entries: [entry('b', 2), entry('c', 3)] }, next: null })
      .mockResolvedValueOnce({ body: { ...march, entries: [entry('a', 1), entry('b', 2), entry('c', 3)] }, next: null });
    await loadLeaderboard(query);
    expect(spy).toHaveBeenLastCalledWith(query, { limit: 10 });
    expect(store.get(leaderboardPage.next)).toBe('c1');
    await loadMoreLeaderboard();
    expect(spy).toHaveBeenLastCalledWith(query, { limit: 50, cursor: 'c1' });
    expect(store.get(leaderboardAtom)?.entries.map((e) => e.user._id)).toEqual(['a', 'b', 'c']);
    expect(store.get(leaderboardPage.next)).toBeNull();
    await loadMoreLeaderboard();
    expect(spy).toHaveBeenCalledTimes(2);
    await loadLeaderboard(query, { quiet: true });
    expect(spy).toHaveBeenLastCalledWith(query, { limit: 10 });
  });
});
