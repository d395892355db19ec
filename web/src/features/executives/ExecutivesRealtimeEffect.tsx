import type { User } from '@kpi/contracts';
import { useEffect } from 'react';
import { store, useAtomValue } from '../../app/store';
import { removeById, upsertById } from '../../lib/collections';
import { onEvent, onResync } from '../../lib/socket';
import { companyIdOf } from '../session/homePath';
import { sessionUserAtom } from '../session/atoms';
import { loadExecutives } from './actions';
import { executivesAtom, executivesStatusAtom } from './atoms';

const upsertExecutive = (user: User) =>
  store.set(executivesAtom, (list) => (user.role === 'executive' ? upsertById(list, user) : removeById(list, user._id)));

/** Applies user.* events (sent to the company's admins) to the executive list. */
export function ExecutivesRealtimeEffect() {
  const companyId = companyIdOf(useAtomValue(sessionUserAtom));
  useEffect(() => {
    const offs = [
      onEvent('user.created', ({ payload }) => upsertExecutive(payload.user)),
      onEvent('user.updated', ({ payload }) => upsertExecutive(payload.user)),
      onEvent('user.deleted', ({ payload }) => store.set(executivesAtom, (list) => removeById(list, payload.userId))),
      onResync(() => {
        if (companyId && store.get(executivesStatusAtom) !== 'idle') void loadExecutives(companyId, { quiet: true });
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [companyId]);
  return null;
}
