import { usersApi } from '../users/api';
import { executives } from './atoms';

export async function loadExecutives(companyId: string, { quiet = false } = {}): Promise<void> {
  await executives.load(() => usersApi.listByCompany(companyId, { role: 'executive' }), { quiet });
}

/** "Load more": the company's next page of executives. */
export const loadMoreExecutives = (companyId: string): Promise<void> =>
  executives.loadMore((cursor) => usersApi.listByCompany(companyId, { role: 'executive', cursor }));
