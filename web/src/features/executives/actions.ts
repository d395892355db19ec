import type { User } from '@kpi/contracts';
import { deleteWithToasts } from '../../components/deletion';
import { usersApi } from '../users/api';
import { executives } from './atoms';

export async function loadExecutives(companyId: string, { quiet = false } = {}): Promise<void> {
  await executives.load(() => usersApi.listByCompany(companyId, { role: 'executive' }), { quiet });
}

/** "Load more": the company's next page of executives. */
export const loadMoreExecutives = (companyId: string): Promise<void> =>
  executives.loadMore((cursor) => usersApi.listByCompany(companyId, { role: 'executive', cursor }));

/** Deletes an executive of the company (after the screen's confirmation): the list drops it, then reloads quietly. */
export const deleteExecutive = (executive: User, companyId: string): Promise<void> =>
  deleteWithToasts({
    call: () => usersApi.remove(executive._id),
    forget: () => executives.forget(executive._id),
    deleted: 'Executive deleted successfully',
    failed: 'Failed to delete executive',
    reload: () => void loadExecutives(companyId, { quiet: true }),
  });
