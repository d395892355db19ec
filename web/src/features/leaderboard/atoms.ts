import type { Leaderboard } from '@kpi/contracts';
import { atom, onSessionReset, store } from '../../app/store';
import type { LoadStatus } from '../../lib/loadStatus';
import { companyZone } from '../session/companyClock';
import { currentQuery, type LeaderboardQuery } from './rules';

/**
 * The period the leaderboard screen shows (the admin's Leaderboards or the executive's Company Leaderboard:
 * a tab holds one session, so one set of atoms serves both). Kept while the user visits other tabs.
 */
export const leaderboardQueryAtom = atom<LeaderboardQuery>(currentQuery(new Date(), companyZone()));

/** The board of that period as the fetch and the leaderboard.* events leave it; null before a load or after a failure. */
export const leaderboardAtom = atom<Leaderboard | null>(null);
export const leaderboardStatusAtom = atom<LoadStatus>('idle');

onSessionReset(() => {
  store.set(leaderboardQueryAtom, currentQuery(new Date(), companyZone()));
  store.set(leaderboardAtom, null);
  store.set(leaderboardStatusAtom, 'idle');
});
