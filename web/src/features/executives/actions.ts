import toast from 'react-hot-toast';
import { store } from '../../app/store';
import { isUnauthorized } from '../../lib/api';
import { usersApi } from '../users/api';
import { executivesAtom, executivesStatusAtom } from './atoms';

export async function loadExecutives(companyId: string, { quiet = false } = {}): Promise<void> {
  if (!quiet || store.get(executivesStatusAtom) !== 'ready') store.set(executivesStatusAtom, 'loading');
  try {
    const users = await usersApi.listByCompany(companyId);
    store.set(executivesAtom, users.filter((u) => u.role === 'executive'));
    store.set(executivesStatusAtom, 'ready');
  } catch (error) {
    if (store.get(executivesStatusAtom) !== 'ready') store.set(executivesStatusAtom, 'error');
    if (!quiet && !isUnauthorized(error)) toast.error('Failed to fetch executives');
  }
}
