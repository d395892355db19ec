import type { CompanyStats, OverallStats } from '@kpi/contracts';
import { loadable } from '../../lib/loadable';

/** The admin's company statistics (GET /kpi/company/{id}), as the fetch and live refetches leave them. */
export const companyStats = loadable<CompanyStats | null>(null, { failure: 'Failed to fetch company statistics' });
export const companyStatsAtom = companyStats.value;
export const companyStatsStatusAtom = companyStats.status;

/** The superadmin's system-wide statistics (GET /kpi/overall). */
export const overallStats = loadable<OverallStats | null>(null, { failure: 'Failed to fetch overall statistics' });
export const overallStatsAtom = overallStats.value;
export const overallStatsStatusAtom = overallStats.status;
