import type { Leaderboard } from '@kpi/contracts';
import { atom, onSessionReset, store } from '../../lib/store';
import { errorMessage } from '../../lib/api';
import { loadable } from '../../lib/loadable';
import { pageStateAtoms, resetPageState } from '../../lib/pagedList';
import { companyZone } from '../../session/companyClock';
import { currentQuery, type LeaderboardQuery } from './rules';

/**
 * The period the leaderboard screen shows (the admin's Leaderboards or the executive's Company Leaderboard:
 * a tab holds one session, so one set of atoms serves both). Kept while the user visits other tabs.
 */
export const leaderboardQueryAtom = atom<LeaderboardQuery>(currentQuery(new Date(), companyZone()));

/** The board of that period as the fetch and the leaderboard.* events leave it; null before a load or after a failure. */
const FETCH_FAILED = 'Failed to fetch leaderboard';
export const leaderboard = loadable<Leaderboard | null>(null, {
  failure: FETCH_FAILED,
  describe: (error) => errorMessage(error, FETCH_FAILED),
  toastId: 'leaderboard-fetch',
  // A failed load clears the list (docs/product.md#toasts).
  clearOnError: true,
});
export const leaderboardAtom = leaderboard.value;
/** The next page of that board ("Show more"): its cursor, null after the last page, and a load in flight. */
export const leaderboardPage = pageStateAtoms();
export const leaderboardStatusAtom = leaderboard.status;

onSessionReset(() => {
  resetPageState(leaderboardPage);
  store.set(leaderboardQueryAtom, currentQuery(new Date(), companyZone()));
});
