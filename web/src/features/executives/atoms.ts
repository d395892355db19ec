import type { User } from '@kpi/contracts';
import { atom } from '../../lib/store';
import { pagedLoadable } from '../../lib/loadable';
import { byName } from '../users/api';

/** The admin's company's executives (role executive only), as the fetch and the user.* events leave it (docs/paging.md). */
export const executives = pagedLoadable<User>({ failure: 'Failed to fetch executives' });
export const executivesAtom = executives.value;
export const executivesStatusAtom = executives.status;
export const executivesPage = executives.page;
export const sortedExecutivesAtom = atom((get) => [...get(executivesAtom)].sort(byName));
