import { usersApi } from '../users/api';
import { admins } from './atoms';

export async function loadAdmins({ quiet = false } = {}): Promise<void> {
  await admins.load(() => usersApi.list({ role: 'admin' }), { quiet });
}

/** "Load more": the next page of admins. */
export const loadMoreAdmins = (): Promise<void> => admins.loadMore((cursor) => usersApi.list({ role: 'admin', cursor }));
