import type { User } from '@kpi/contracts';
import { deleteWithToasts } from '../../components/deletion';
import { usersApi } from '../users/api';
import { admins } from './atoms';

export async function loadAdmins({ quiet = false } = {}): Promise<void> {
  await admins.load(() => usersApi.list({ role: 'admin' }), { quiet });
}

/** "Load more": the next page of admins. */
export const loadMoreAdmins = (): Promise<void> => admins.loadMore((cursor) => usersApi.list({ role: 'admin', cursor }));

/** Deletes an admin (after the screen's confirmation): the list drops it, then reloads quietly. */
export const deleteAdmin = (admin: User): Promise<void> =>
  deleteWithToasts({
    call: () => usersApi.remove(admin._id),
    forget: () => admins.forget(admin._id),
    deleted: 'Admin deleted successfully',
    failed: 'Failed to delete admin',
    reload: () => void loadAdmins({ quiet: true }),
  });
