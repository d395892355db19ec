import type { CompanyStats, OverallStats } from '@kpi/contracts';
import { atom, onSessionReset, store } from '../../app/store';
import type { LoadStatus } from '../../lib/loadStatus';

/** The admin's company statistics (GET /kpi/company/{id}), as the fetch and live refetches leave them. */
export const companyStatsAtom = atom<CompanyStats | null>(null);
export const companyStatsStatusAtom = atom<LoadStatus>('idle');

/** The superadmin's system-wide statistics (GET /kpi/overall). */
export const overallStatsAtom = atom<OverallStats | null>(null);
export const overallStatsStatusAtom = atom<LoadStatus>('idle');

onSessionReset(() => {
  store.set(companyStatsAtom, null);
  store.set(companyStatsStatusAtom, 'idle');
  store.set(overallStatsAtom, null);
  store.set(overallStatsStatusAtom, 'idle');
});
