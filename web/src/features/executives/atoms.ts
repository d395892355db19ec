import type { User } from '@kpi/contracts';
import { atom, onSessionReset, store } from '../../app/store';
import type { LoadStatus } from '../../lib/loadStatus';
import { pageStateAtoms, resetPageState } from '../../lib/pagedList';
import { byName } from '../users/api';

/** The admin's company's executives (role executive only), as the fetch and the user.* events leave it. */
export const executivesAtom = atom<User[]>([]);
export const executivesStatusAtom = atom<LoadStatus>('idle');
/** The loaded pages of the company's executives (docs/paging.md). */
export const executivesPage = pageStateAtoms();
export const sortedExecutivesAtom = atom((get) => [...get(executivesAtom)].sort(byName));

onSessionReset(() => {
  store.set(executivesAtom, []);
  store.set(executivesStatusAtom, 'idle');
  resetPageState(executivesPage);
});
