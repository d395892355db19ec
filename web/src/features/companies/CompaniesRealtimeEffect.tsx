import { useEffect } from 'react';
import { store } from '../../app/store';
import { removeById, upsertById } from '../../lib/collections';
import { onEvent, onResync } from '../../lib/socket';
import { loadCompanies } from './actions';
import { companiesAtom, companiesStatusAtom } from './atoms';

/**
 * Applies company.* events to the same atoms the list fetch fills (superadmin system stream).
 * The server sends company.updated with fresh counts when admins or executives come and go.
 */
export function CompaniesRealtimeEffect() {
  useEffect(() => {
    const loaded = () => store.get(companiesStatusAtom) !== 'idle';
    const offs = [
      onEvent('company.created', ({ payload }) => store.set(companiesAtom, (list) => upsertById(list, payload.company, true))),
      onEvent('company.updated', ({ payload }) => store.set(companiesAtom, (list) => upsertById(list, payload.company))),
      onEvent('company.deleted', ({ payload }) => store.set(companiesAtom, (list) => removeById(list, payload.companyId))),
      onResync(() => {
        if (loaded()) void loadCompanies({ quiet: true });
      }),
    ];
    return () => offs.forEach((off) => off());
  }, []);
  return null;
}
