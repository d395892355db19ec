import { PERFORMANCE_LEVELS, performanceLevelFor, round1, type LevelCount } from '@kpi/contracts';
import type { ScoreSum } from '../../common/math/average';
import type { MonthBucket } from '../../common/periods/periods';

/** Pure pieces of the statistics formulas (docs/scoring-and-ranking.md); the average itself is common/math/average.ts. */

/**
 * The level threshold T (7.5, 6) as a cut-off on integer aggregates: an average of `tenths` tenths over `count`
 * tasks, shown to one decimal half up (averageOf), reaches T exactly when 2·tenths ≥ (20·T − 1)·count. So the
 * database can count executives per level from their all-time rows without returning one row each.
 */
export const levelCutoff = (threshold: number): number => Math.round(threshold * 20) - 1;

/** A 12-month series, oldest first, every month present: months without scored tasks count 0. */
export function monthlySeries<T>(buckets: MonthBucket[], sums: Map<string, ScoreSum>, shape: (month: string, s: ScoreSum) => T): T[] {
  return buckets.map((b) => shape(b.key, sums.get(b.key) ?? { sum: 0, count: 0 }));
}

/**
 * How many executives sit at each level by their own average (one decimal, as shown), every level listed in
 * a fixed order. Executives with nothing scored are not passed in, so they are not counted.
 */
export function levelDistribution(averages: number[]): LevelCount[] {
  const counts = new Map(PERFORMANCE_LEVELS.map((level) => [level, 0]));
  for (const average of averages) {
    const level = performanceLevelFor(round1(average));
    counts.set(level, (counts.get(level) ?? 0) + 1);
  }
  return PERFORMANCE_LEVELS.map((level) => ({ level, count: counts.get(level) ?? 0 }));
}

/** The best companies by their average task score; those with nothing scored are left out. Ties by name. */
export function topCompanies<T extends { company: string; averageScore: number; tasksCompleted: number }>(companies: T[], limit = 5): T[] {
  return companies
    .filter((c) => c.tasksCompleted > 0)
    .sort((a, b) => b.averageScore - a.averageScore || a.company.localeCompare(b.company, 'en'))
    .slice(0, limit);
}
