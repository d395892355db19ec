import { monthKey, monthOf } from '../../common/periods/periods';

/**
 * Pure rules of the score aggregates (docs/aggregates.md): which period rows a scored task counts in, and
 * what it adds to them. Scores are tenths (validation allows one decimal, totals are rounded to one), so
 * they are stored as integer tenths and every sum is exact.
 */

/** The key of the all-time row, next to 'YYYY-MM' and 'YYYY'. */
export const ALL_TIME = 'all';

export interface ScoredFigures {
  qualityScore: number;
  timeScore: number;
  initiativeScore: number;
  totalScore: number;
}

/** What one scoring adds to (or, negative, takes from) a period row. */
export interface AggregateDelta {
  tasks: number;
  totalTenths: number;
  qualityTenths: number;
  timeTenths: number;
  initiativeTenths: number;
}

export const toTenths = (score: number): number => Math.round(score * 10);

/** The month, the year and the all-time key of an instant, in the company's zone. */
export function periodKeysOf(scoredAt: Date, timeZone: string): string[] {
  const { year, month } = monthOf(scoredAt, timeZone);
  return [monthKey(year, month), String(year), ALL_TIME];
}

const contribution = (f: ScoredFigures, sign: 1 | -1): AggregateDelta => ({
  tasks: sign,
  totalTenths: sign * toTenths(f.totalScore),
  qualityTenths: sign * toTenths(f.qualityScore),
  timeTenths: sign * toTenths(f.timeScore),
  initiativeTenths: sign * toTenths(f.initiativeScore),
});

/** A first scoring adds the task; a re-score replaces its old figures (the task count stays). */
export function scoringDelta(previous: ScoredFigures | null, next: ScoredFigures): AggregateDelta {
  const add = contribution(next, 1);
  if (!previous) return add;
  const old = contribution(previous, -1);
  return {
    tasks: 0,
    totalTenths: add.totalTenths + old.totalTenths,
    qualityTenths: add.qualityTenths + old.qualityTenths,
    timeTenths: add.timeTenths + old.timeTenths,
    initiativeTenths: add.initiativeTenths + old.initiativeTenths,
  };
}

/** Deleting a scored task takes its figures away. */
export const removalDelta = (figures: ScoredFigures): AggregateDelta => contribution(figures, -1);

export const isNoChange = (d: AggregateDelta): boolean =>
  d.tasks === 0 && d.totalTenths === 0 && d.qualityTenths === 0 && d.timeTenths === 0 && d.initiativeTenths === 0;
