import type { ExecutiveStats, Top10Response } from '@kpi/contracts';
import { atom, onSessionReset, store } from '../../app/store';
import type { LoadStatus } from '../../lib/loadStatus';
import { companyZone } from '../session/companyClock';
import { currentMonth, type PerformanceQuery } from './rules';

/** The month the Performance Dashboard shows (its rank and top 10). */
export const performanceQueryAtom = atom<PerformanceQuery>(currentMonth(new Date(), companyZone()));
/** The signed-in executive's figures for that month, and the company's top 10 with their own position. */
export const performanceStatsAtom = atom<ExecutiveStats | null>(null);
export const performanceTop10Atom = atom<Top10Response | null>(null);
export const performanceStatusAtom = atom<LoadStatus>('idle');

onSessionReset(() => {
  store.set(performanceQueryAtom, currentMonth(new Date(), companyZone()));
  store.set(performanceStatsAtom, null);
  store.set(performanceTop10Atom, null);
  store.set(performanceStatusAtom, 'idle');
});
