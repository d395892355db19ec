import type { Company } from '@kpi/contracts';
import { deleteWithToasts } from '../../components/deletion';
import { companiesApi } from './api';
import { companies } from './atoms';

/** Fetches the company list into the atoms. `quiet`: no spinner and no toast (live refresh). */
export async function loadCompanies({ quiet = false } = {}): Promise<void> {
  await companies.load(() => companiesApi.list(), { quiet });
}

/** Deletes a company (after the screen's confirmation): the grid drops it, then reloads quietly. */
export const deleteCompany = (company: Company): Promise<void> =>
  deleteWithToasts({
    call: () => companiesApi.remove(company._id),
    forget: () => companies.forget(company._id),
    deleted: 'Company deleted successfully',
    failed: 'Failed to delete company',
    reload: () => void loadCompanies({ quiet: true }),
  });
