import toast from 'react-hot-toast';
import { store } from '../../app/store';
import { isUnauthorized } from '../../lib/api';
import { usersApi } from '../users/api';
import { loadNextPage } from '../../lib/pagedList';
import { adminsAtom, adminsPage, adminsStatusAtom } from './atoms';

export async function loadAdmins({ quiet = false } = {}): Promise<void> {
  if (!quiet || store.get(adminsStatusAtom) !== 'ready') store.set(adminsStatusAtom, 'loading');
  try {
    const page = await usersApi.list({ role: 'admin' });
    store.set(adminsAtom, page.body);
    store.set(adminsPage.next, page.next);
    store.set(adminsStatusAtom, 'ready');
  } catch (error) {
    if (store.get(adminsStatusAtom) !== 'ready') store.set(adminsStatusAtom, 'error');
    if (!quiet && !isUnauthorized(error)) toast.error('Failed to fetch admins');
  }
}

/** "Load more": the next page of admins. */
export async function loadMoreAdmins(): Promise<void> {
  if (!(await loadNextPage(adminsPage, adminsAtom, (cursor) => usersApi.list({ role: 'admin', cursor })))) toast.error('Failed to fetch admins');
}
