import { useEffect } from 'react';
import { store, useAtomValue } from '../../lib/store';
import { debounce } from '../../lib/loadStatus';
import { onEvent, onResync } from '../../lib/socket';
import { samePeriod } from '../leaderboard/rules';
import { sessionUserAtom } from '../../session/atoms';
import { refreshPerformance } from './actions';
import { performanceQueryAtom } from './atoms';

/**
 * Keeps the Performance Dashboard current: the executive's own task scored, assigned or removed, a badge
 * awarded to them, or the shown month's ranking moved (someone else scored). Each refetches quietly, once
 * per burst (a scoring brings task.scored, badge.awarded and leaderboard.updated together).
 */
export function PerformanceRealtimeEffect() {
  const userId = useAtomValue(sessionUserAtom)?._id ?? null;

  useEffect(() => {
    if (!userId) return;
    const refresh = debounce(refreshPerformance, 300);
    const offs = [
      onEvent('task.scored', ({ payload }) => {
        if (payload.task.assignedTo?._id === userId) refresh();
      }),
      onEvent('task.assigned', ({ payload }) => {
        if (payload.task.assignedTo?._id === userId) refresh();
      }),
      onEvent('task.deleted', ({ payload }) => {
        if (payload.assigneeId === userId) refresh();
      }),
      onEvent('badge.awarded', ({ payload }) => {
        if (payload.userId === userId) refresh();
      }),
      onEvent('leaderboard.updated', ({ payload }) => {
        if (samePeriod(payload.period, store.get(performanceQueryAtom))) refresh();
      }),
      onResync(refreshPerformance),
    ];
    return () => offs.forEach((off) => off());
  }, [userId]);
  return null;
}
