import type { User } from '@kpi/contracts';
import { atom } from '../../lib/store';
import { pagedLoadable } from '../../lib/loadable';
import { byName } from '../users/api';

/** Every admin user (role admin only), as the fetch and the admin.* events leave it (docs/paging.md). */
export const admins = pagedLoadable<User>({ failure: 'Failed to fetch admins' });
export const adminsAtom = admins.value;
export const adminsStatusAtom = admins.status;
export const adminsPage = admins.page;
export const sortedAdminsAtom = atom((get) => [...get(adminsAtom)].sort(byName));
