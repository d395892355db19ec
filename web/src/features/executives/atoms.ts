import type { User } from '@kpi/contracts';
import { atom, onSessionReset, store } from '../../app/store';
import type { LoadStatus } from '../../lib/loadStatus';
import { byName } from '../users/api';

/** The admin's company's executives (role executive only), as the fetch and the user.* events leave it. */
export const executivesAtom = atom<User[]>([]);
export const executivesStatusAtom = atom<LoadStatus>('idle');
export const sortedExecutivesAtom = atom((get) => [...get(executivesAtom)].sort(byName));

onSessionReset(() => {
  store.set(executivesAtom, []);
  store.set(executivesStatusAtom, 'idle');
});
