import type { User } from '@kpi/contracts';
import { atom, onSessionReset, store } from '../../app/store';
import type { LoadStatus } from '../../lib/loadStatus';
import { pageStateAtoms, resetPageState } from '../../lib/pagedList';
import { byName } from '../users/api';

/** Every admin user (role admin only), as the fetch and the admin.* events leave it. */
export const adminsAtom = atom<User[]>([]);
export const adminsStatusAtom = atom<LoadStatus>('idle');
/** The loaded pages of admins (docs/paging.md). */
export const adminsPage = pageStateAtoms();
export const sortedAdminsAtom = atom((get) => [...get(adminsAtom)].sort(byName));

onSessionReset(() => {
  store.set(adminsAtom, []);
  store.set(adminsStatusAtom, 'idle');
  resetPageState(adminsPage);
});
