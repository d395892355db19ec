import { useCallback } from 'react';
import { useAtomValue } from '../../lib/store';
import { sessionUserAtom } from '../../session/atoms';
import { companyIdOf } from '../../session/homePath';
import { useUserListLive } from '../users/useUserListLive';
import { loadExecutives } from './actions';
import { executives } from './atoms';

const EVENTS = { created: 'user.created', updated: 'user.updated', deleted: 'user.deleted' } as const;

/** Applies user.* events (sent to the company's admins) to the executive list. */
export function ExecutivesRealtimeEffect() {
  const companyId = companyIdOf(useAtomValue(sessionUserAtom));
  const reload = useCallback(() => {
    if (companyId) void loadExecutives(companyId, { quiet: true });
  }, [companyId]);
  useUserListLive({
    list: executives,
    role: 'executive',
    events: EVENTS,
    reload: companyId ? reload : null,
  });
  return null;
}
