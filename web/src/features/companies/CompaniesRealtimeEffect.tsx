import { useEffect } from 'react';
import { store } from '../../lib/store';
import { onEvent, onResync } from '../../lib/socket';
import { loadCompanies } from './actions';
import { companies } from './atoms';

/**
 * Applies company.* events to the same atoms the list fetch fills (superadmin system stream).
 * The server sends company.updated with fresh counts when admins or executives come and go.
 */
export function CompaniesRealtimeEffect() {
  useEffect(() => {
    const loaded = () => store.get(companies.status) !== 'idle';
    const offs = [
      onEvent('company.created', ({ payload }) => companies.upsert(payload.company, true)),
      onEvent('company.updated', ({ payload }) => companies.upsert(payload.company)),
      onEvent('company.deleted', ({ payload }) => companies.forget(payload.companyId)),
      onResync(() => {
        if (loaded()) void loadCompanies({ quiet: true });
      }),
    ];
    return () => offs.forEach((off) => off());
  }, []);
  return null;
}
