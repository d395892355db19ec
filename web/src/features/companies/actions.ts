import { companiesApi } from './api';
import { companies } from './atoms';

/** Fetches the company list into the atoms. `quiet`: no spinner and no toast (live refresh). */
export async function loadCompanies({ quiet = false } = {}): Promise<void> {
  await companies.load(() => companiesApi.list(), { quiet });
}
