import toast from 'react-hot-toast';
import { store } from '../../app/store';
import { isUnauthorized } from '../../lib/api';
import { usersApi } from '../users/api';
import { adminsAtom, adminsStatusAtom } from './atoms';

export async function loadAdmins({ quiet = false } = {}): Promise<void> {
  if (!quiet || store.get(adminsStatusAtom) !== 'ready') store.set(adminsStatusAtom, 'loading');
  try {
    const users = await usersApi.list();
    store.set(adminsAtom, users.filter((u) => u.role === 'admin'));
    store.set(adminsStatusAtom, 'ready');
  } catch (error) {
    if (store.get(adminsStatusAtom) !== 'ready') store.set(adminsStatusAtom, 'error');
    if (!quiet && !isUnauthorized(error)) toast.error('Failed to fetch admins');
  }
}
