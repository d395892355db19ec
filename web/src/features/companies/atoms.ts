import type { Company } from '@kpi/contracts';
import { atom } from '../../lib/store';
import { pagedLoadable } from '../../lib/loadable';

/** Every company, as the list fetch and the company.* events leave it. */
export const companies = pagedLoadable<Company>({ failure: 'Failed to fetch companies' });
export const companiesAtom = companies.value;
export const companiesStatusAtom = companies.status;

/** Newest first, the order the grid shows. */
export const sortedCompaniesAtom = atom((get) =>
  [...get(companiesAtom)].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
);
