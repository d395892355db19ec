import toast from 'react-hot-toast';
import { store } from '../../app/store';
import { isUnauthorized } from '../../lib/api';
import { leaderboardApi } from '../leaderboard/api';
import { sessionUserAtom } from '../session/atoms';
import { companyIdOf } from '../session/homePath';
import { performanceApi } from './api';
import { performanceQueryAtom, performanceStatsAtom, performanceStatusAtom, performanceTop10Atom } from './atoms';
import type { PerformanceQuery } from './rules';

const FETCH_FAILED = 'Failed to fetch performance data';
const FETCH_TOAST_ID = 'performance-fetch';

/** Only the latest load may write: a late answer for a month the user has left is dropped. */
let latestLoad = 0;

/**
 * Fetches the executive's figures and the company's top 10 for the month, together. The top 10 needs the
 * company id: without one the load fails with the generic toast (SPEC §5). `quiet`: live refresh, no spinner,
 * no toast, and a failure keeps what is shown.
 */
export async function loadPerformance(query: PerformanceQuery, { quiet = false } = {}): Promise<void> {
  const user = store.get(sessionUserAtom);
  if (!user) return;
  const ticket = ++latestLoad;
  if (!quiet || store.get(performanceStatusAtom) !== 'ready') store.set(performanceStatusAtom, 'loading');
  try {
    const companyId = companyIdOf(user);
    if (!companyId) throw new Error('The performance leaderboard needs a company id');
    const [stats, top10] = await Promise.all([
      performanceApi.stats(user._id, query),
      leaderboardApi.top10(companyId, { userId: user._id, year: query.year, month: query.month }),
    ]);
    if (ticket !== latestLoad) return;
    store.set(performanceStatsAtom, stats);
    store.set(performanceTop10Atom, top10);
    store.set(performanceStatusAtom, 'ready');
  } catch (error) {
    if (ticket !== latestLoad) return;
    if (quiet && store.get(performanceStatusAtom) === 'ready') return;
    store.set(performanceStatsAtom, null);
    store.set(performanceTop10Atom, null);
    store.set(performanceStatusAtom, 'error');
    if (!quiet && !isUnauthorized(error)) toast.error(FETCH_FAILED, { id: FETCH_TOAST_ID });
  }
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
