import toast from 'react-hot-toast';
import { store } from '../../app/store';
import { isUnauthorized } from '../../lib/api';
import { usersApi } from '../users/api';
import { loadNextPage } from '../../lib/pagedList';
import { executivesAtom, executivesPage, executivesStatusAtom } from './atoms';

export async function loadExecutives(companyId: string, { quiet = false } = {}): Promise<void> {
  if (!quiet || store.get(executivesStatusAtom) !== 'ready') store.set(executivesStatusAtom, 'loading');
  try {
    const page = await usersApi.listByCompany(companyId, { role: 'executive' });
    store.set(executivesAtom, page.body);
    store.set(executivesPage.next, page.next);
    store.set(executivesStatusAtom, 'ready');
  } catch (error) {
    if (store.get(executivesStatusAtom) !== 'ready') store.set(executivesStatusAtom, 'error');
    if (!quiet && !isUnauthorized(error)) toast.error('Failed to fetch executives');
  }
}

/** "Load more": the company's next page of executives. */
export async function loadMoreExecutives(companyId: string): Promise<void> {
  if (!(await loadNextPage(executivesPage, executivesAtom, (cursor) => usersApi.listByCompany(companyId, { role: 'executive', cursor })))) {
    toast.error('Failed to fetch executives');
  }
}
