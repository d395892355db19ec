import { MONTH_NAMES, type ExecutiveStats, type MonthlyScore } from '@kpi/contracts';
import { monthIn } from '../../lib/zonedClock';

/** The dashboard's period: a month of a year (the rank and the top 10 are for it). */
export interface PerformanceQuery {
  year: number;
  /** 1-12. */
  month: number;
}

/** This month in the company's time zone (the browser's without one). */
export const currentMonth = (now = new Date(), timeZone?: string): PerformanceQuery => monthIn(now, timeZone);

/** A month's point on the trend: null (a gap) when nothing was scored that month, never a 0. */
export const trendPoint = (m: MonthlyScore): number | null => (m.scoredTasks === 0 ? null : m.score);

/** Rounded percent of completed over total tasks; 0 with no tasks (docs/product.md#executive). */
export const completionRate = (completed: number, total: number): number => (total > 0 ? Math.round((completed / total) * 100) : 0);

/** '#rank of totalExecutives', or an em dash while the executive is not ranked in the period. */
export const rankText = (stats: Pick<ExecutiveStats, 'currentRank' | 'totalExecutives'>): string =>
  stats.currentRank ? `#${stats.currentRank} of ${stats.totalExecutives}` : '—';

const monthIndex = (key: string): number => {
  const month = Number(key.slice(5, 7));
  return month >= 1 && month <= 12 ? month - 1 : -1;
};
/** 'YYYY-MM' → 'Jan'. */
export const shortMonth = (key: string): string => MONTH_NAMES[monthIndex(key)]?.slice(0, 3) ?? key;
/** 'YYYY-MM' → 'January 2026'. */
export const longMonth = (key: string): string => {
  const name = MONTH_NAMES[monthIndex(key)];
  return name ? `${name} ${key.slice(0, 4)}` : key;
};
