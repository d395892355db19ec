import type { Company } from '@kpi/contracts';
import { atom, onSessionReset, store } from '../../app/store';
import type { LoadStatus } from '../../lib/loadStatus';

/** Every company, as the list fetch and the company.* events leave it. */
export const companiesAtom = atom<Company[]>([]);
export const companiesStatusAtom = atom<LoadStatus>('idle');

/** Newest first, the order the grid shows. */
export const sortedCompaniesAtom = atom((get) =>
  [...get(companiesAtom)].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
);

onSessionReset(() => {
  store.set(companiesAtom, []);
  store.set(companiesStatusAtom, 'idle');
});
