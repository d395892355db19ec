import { useEffect } from 'react';
import { debounce } from '../../lib/loadStatus';
import { onEvent, onResync } from '../../lib/socket';
import { applyLeaderboardGenerated, applyLeaderboardUpdate, refreshLeaderboard } from './actions';

/**
 * Keeps the leaderboard on screen live for the whole company. `leaderboard.updated` carries the current
 * month's top 10 and is applied at once (the list reorders); a refetch follows only when rows beyond the top
 * 10, or a yearly board, may have changed. A publication marks the board published and refreshes its badges.
 */
export function LeaderboardRealtimeEffect() {
  useEffect(() => {
    // A scoring can bring several events at once: one refetch for the burst.
    const refresh = debounce(refreshLeaderboard, 300);
    const offs = [
      onEvent('leaderboard.updated', ({ payload }) => {
        if (applyLeaderboardUpdate(payload)) refresh();
      }),
      onEvent('leaderboard.generated', ({ payload }) => {
        if (applyLeaderboardGenerated(payload)) refresh();
      }),
      onResync(refreshLeaderboard),
    ];
    return () => offs.forEach((off) => off());
  }, []);
  return null;
}
