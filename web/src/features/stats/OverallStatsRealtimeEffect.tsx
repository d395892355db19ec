import type { EventType } from '@kpi/contracts';
import { useEffect } from 'react';
import { store } from '../../lib/store';
import { debounce } from '../../lib/loadStatus';
import { onEvent, onResync } from '../../lib/socket';
import { loadOverallStats } from './actions';
import { overallStatsStatusAtom } from './atoms';

/** The superadmin's system stream: companies and admins coming, changing and going. */
const OVERALL_STATS_EVENTS = [
  'company.created', 'company.updated', 'company.deleted',
  'admin.created', 'admin.updated', 'admin.deleted',
  'stats.changed',
] as const satisfies readonly EventType[];

/**
 * Keeps Overall System Statistics current with one quiet, debounced refetch per burst of system events.
 * Task scores reach the superadmin through no event (they travel on company streams), so those figures
 * refresh when the screen is opened again, on company.updated (sent when head counts change) or on a resync.
 */
export function OverallStatsRealtimeEffect() {
  useEffect(() => {
    const refresh = debounce(() => {
      if (store.get(overallStatsStatusAtom) !== 'idle') void loadOverallStats({ quiet: true });
    }, 1000);
    const offs = [...OVERALL_STATS_EVENTS.map((type) => onEvent(type, refresh)), onResync(refresh)];
    return () => offs.forEach((off) => off());
  }, []);
  return null;
}
