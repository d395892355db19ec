import { useEffect } from 'react';
import { store, useAtomValue } from '../../lib/store';
import { chooseLeaderboard, loadLeaderboard, loadMoreLeaderboard } from './actions';
import { leaderboardAtom, leaderboardPage, leaderboardQueryAtom, leaderboardStatusAtom } from './atoms';
import { boardMatches } from './rules';

/**
 * What a leaderboard screen reads: the chosen period, its board and load status. Opening the screen loads
 * the period's top 10; coming back to a board that is already shown (and kept live) refreshes it without a
 * spinner. `more` drives the "Show more" button under the list.
 */
export function useLeaderboard() {
  const query = useAtomValue(leaderboardQueryAtom);
  const board = useAtomValue(leaderboardAtom);
  const status = useAtomValue(leaderboardStatusAtom);
  const next = useAtomValue(leaderboardPage.next);
  const loadingMore = useAtomValue(leaderboardPage.loadingMore);

  useEffect(() => {
    const shown = store.get(leaderboardAtom);
    const current = store.get(leaderboardQueryAtom);
    const ready = store.get(leaderboardStatusAtom) === 'ready' && shown !== null && boardMatches(shown, current);
    void loadLeaderboard(current, { quiet: ready });
  }, []);

  // The board in the atom answers the chosen period, or nothing is shown yet.
  const matching = board && boardMatches(board, query) ? board : null;
  // "Show more": the board's next page, while there is one.
  const more = { hasMore: matching !== null && next !== null, loading: loadingMore, onLoad: () => void loadMoreLeaderboard() };
  return { query, board: matching, status, choose: chooseLeaderboard, more };
}
