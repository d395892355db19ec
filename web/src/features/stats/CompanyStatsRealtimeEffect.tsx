import type { EventType } from '@kpi/contracts';
import { useEffect } from 'react';
import { store, useAtomValue } from '../../lib/store';
import { debounce } from '../../lib/loadStatus';
import { onEvent, onResync } from '../../lib/socket';
import { sessionUserAtom } from '../../session/atoms';
import { companyIdOf } from '../../session/homePath';
import { loadCompanyStats } from './actions';
import { companyStatsStatusAtom } from './atoms';

/**
 * Every event that can move a company figure: tasks created, reassigned, submitted, scored or deleted;
 * executives added, moved between departments, deactivated or removed.
 */
const COMPANY_STATS_EVENTS = [
  'task.assigned', 'task.updated', 'task.deleted', 'task.submitted', 'task.scored',
  'user.created', 'user.updated', 'user.deleted',
] as const satisfies readonly EventType[];

/**
 * Keeps the admin's Company Statistics current. The figures are aggregates the server computes, so events
 * trigger one quiet refetch (a burst of scores costs one request), and only once the screen has loaded them.
 */
export function CompanyStatsRealtimeEffect() {
  const user = useAtomValue(sessionUserAtom);
  const companyId = user?.role === 'admin' ? companyIdOf(user) : null;
  useEffect(() => {
    if (!companyId) return;
    const refresh = debounce(() => {
      if (store.get(companyStatsStatusAtom) !== 'idle') void loadCompanyStats(companyId, { quiet: true });
    }, 1000);
    const offs = [...COMPANY_STATS_EVENTS.map((type) => onEvent(type, refresh)), onResync(refresh)];
    return () => offs.forEach((off) => off());
  }, [companyId]);
  return null;
}
