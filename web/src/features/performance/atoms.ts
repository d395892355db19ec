import type { ExecutiveStats, Top10Response } from '@kpi/contracts';
import { atom, onSessionReset, store } from '../../lib/store';
import { loadable } from '../../lib/loadable';
import { companyZone } from '../../session/companyClock';
import { currentMonth, type PerformanceQuery } from './rules';

/** The month the Performance Dashboard shows (its rank and top 10). */
export const performanceQueryAtom = atom<PerformanceQuery>(currentMonth(new Date(), companyZone()));
/** The signed-in executive's figures for that month, and the company's top 10 with their own position. */
export const performanceData = loadable<{ stats: ExecutiveStats; top10: Top10Response } | null>(null, {
  failure: 'Failed to fetch performance data',
  toastId: 'performance-fetch',
  clearOnError: true,
});
export const performanceStatsAtom = atom((get) => get(performanceData.value)?.stats ?? null);
export const performanceTop10Atom = atom((get) => get(performanceData.value)?.top10 ?? null);
export const performanceStatusAtom = performanceData.status;

onSessionReset(() => {
  store.set(performanceQueryAtom, currentMonth(new Date(), companyZone()));
});
