import { MONTH_NAMES, performanceLevelFor, round1, type PerformanceLevel } from '@kpi/contracts';
import type { BadgeTone } from '../../components/ui';

/** 'YYYY-MM' → 'Jan 26' (the axis label of every monthly series); anything else is shown as it came. */
export function monthLabel(key: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(key);
  const month = match ? Number(match[2]) : 0;
  if (!match || month < 1 || month > 12) return key;
  return `${MONTH_NAMES[month - 1].slice(0, 3)} ${match[1].slice(2)}`;
}

/** Scores and averages are shown to one decimal. */
export const oneDecimal = (value: number): string => (Number.isFinite(value) ? round1(value).toFixed(1) : '0.0');

/** Completed over total as a rounded percent; 0 when there are no tasks. */
export const completionRate = (completed: number, total: number): number =>
  total > 0 ? Math.round((completed / total) * 100) : 0;

/** A mean to one decimal; 0 when there is nothing to divide by. */
export const ratio = (numerator: number, denominator: number): number => (denominator > 0 ? round1(numerator / denominator) : 0);

/**
 * Every task total is at least 3.2 (time scores 8 or 10, weighted 0.4), so an average of 0 from the api
 * means "nothing scored", never a real score.
 */
export const isScored = (average: number): boolean => average > 0;

export const LEVEL_LABELS: Record<PerformanceLevel, string> = {
  excellent: 'Excellent',
  satisfactory: 'Satisfactory',
  underperforming: 'Underperforming',
};

/** docs/product.md#business-rules-and-constants: a department's or company's level reads 'Needs Improvement' below satisfactory. */
const GROUP_LEVELS: Record<PerformanceLevel, { label: string; tone: BadgeTone }> = {
  excellent: { label: 'Excellent', tone: 'green' },
  satisfactory: { label: 'Satisfactory', tone: 'amber' },
  underperforming: { label: 'Needs Improvement', tone: 'red' },
};

/** The level pill of a group average (≥ 7.5 excellent, ≥ 6 satisfactory, else needs improvement). */
export function groupLevel(average: number): { label: string; tone: BadgeTone } {
  if (!isScored(average)) return { label: 'No scores yet', tone: 'gray' };
  return GROUP_LEVELS[performanceLevelFor(round1(average))];
}
