import type { User } from '@kpi/contracts';
import { useEffect } from 'react';
import { store } from '../../app/store';
import { removeById, upsertById } from '../../lib/collections';
import { debounce } from '../../lib/loadStatus';
import { onEvent, onResync } from '../../lib/socket';
import { loadAdmins } from './actions';
import { adminsAtom, adminsStatusAtom } from './atoms';

const upsertAdmin = (user: User) =>
  store.set(adminsAtom, (list) => (user.role === 'admin' ? upsertById(list, user) : removeById(list, user._id)));

/** Applies admin.* events to the admin list; company changes refresh the company names it shows. */
export function AdminsRealtimeEffect() {
  useEffect(() => {
    const loaded = () => store.get(adminsStatusAtom) !== 'idle';
    const refresh = debounce(() => {
      if (loaded()) void loadAdmins({ quiet: true });
    }, 400);
    const offs = [
      onEvent('admin.created', ({ payload }) => upsertAdmin(payload.user)),
      onEvent('admin.updated', ({ payload }) => upsertAdmin(payload.user)),
      onEvent('admin.deleted', ({ payload }) => store.set(adminsAtom, (list) => removeById(list, payload.userId))),
      onEvent('company.updated', refresh),
      onEvent('company.deleted', refresh),
      onResync(refresh),
    ];
    return () => offs.forEach((off) => off());
  }, []);
  return null;
}
