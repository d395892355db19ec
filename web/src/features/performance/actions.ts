import { store } from '../../lib/store';
import { leaderboardApi } from '../leaderboard/api';
import { sessionUserAtom } from '../../session/atoms';
import { companyIdOf } from '../../session/homePath';
import { performanceApi } from './api';
import { performanceData, performanceQueryAtom, performanceStatusAtom } from './atoms';
import type { PerformanceQuery } from './rules';

/**
 * Fetches the executive's figures and the company's top 10 for the month, together; a late answer for a
 * month the user has left is dropped. The top 10 needs the company id: without one the load fails with the
 * generic toast (docs/product.md#validation-messages). `quiet`: live refresh, no spinner, no toast, and a failure keeps what is shown.
 */
export async function loadPerformance(query: PerformanceQuery, { quiet = false } = {}): Promise<void> {
  const user = store.get(sessionUserAtom);
  if (!user) return;
  await performanceData.load(async () => {
    const companyId = companyIdOf(user);
    if (!companyId) throw new Error('The performance leaderboard needs a company id');
    const [stats, top10] = await Promise.all([
      performanceApi.stats(user._id, query),
      leaderboardApi.top10(companyId, { userId: user._id, year: query.year, month: query.month }),
    ]);
    return { stats, top10 };
  }, { quiet });
}

export function choosePerformancePeriod(query: PerformanceQuery): void {
  store.set(performanceQueryAtom, query);
  void loadPerformance(query);
}

/** Refetches what is on screen without a spinner (live events, resync). Nothing before the first load. */
export function refreshPerformance(): void {
  if (store.get(performanceStatusAtom) === 'idle') return;
  void loadPerformance(store.get(performanceQueryAtom), { quiet: true });
}
