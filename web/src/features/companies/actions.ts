import toast from 'react-hot-toast';
import { store } from '../../app/store';
import { isUnauthorized } from '../../lib/api';
import { companiesApi } from './api';
import { companiesAtom, companiesStatusAtom } from './atoms';

/** Fetches the company list into the atoms. `quiet`: no spinner and no toast (live refresh). */
export async function loadCompanies({ quiet = false } = {}): Promise<void> {
  if (!quiet || store.get(companiesStatusAtom) !== 'ready') store.set(companiesStatusAtom, 'loading');
  try {
    const companies = await companiesApi.list();
    store.set(companiesAtom, companies);
    store.set(companiesStatusAtom, 'ready');
  } catch (error) {
    if (store.get(companiesStatusAtom) !== 'ready') store.set(companiesStatusAtom, 'error');
    if (!quiet && !isUnauthorized(error)) toast.error('Failed to fetch companies');
  }
}
