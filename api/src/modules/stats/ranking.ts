import { performanceLevelFor, round1, type PerformanceLevel } from '@kpi/contracts';
import { averageOf } from '../../common/math/average';

/** One executive's figures for a period, as the aggregate query returns them. */
export interface StandingRow {
  userId: string;
  name: string;
  department: string;
  /** Sum of the totals of the executive's tasks scored in the period. */
  total: number;
  tasks: number;
}

export interface RankedStanding {
  rank: number;
  userId: string;
  name: string;
  department: string;
  totalScore: number;
  tasksCompleted: number;
  averageScore: number;
  performanceLevel: PerformanceLevel;
}

// One collator for every comparison: `localeCompare` with a locale builds a new one per call, which
// made sorting a 1,000-executive month the largest cost of reading its leaderboard.
const names = new Intl.Collator('en', { sensitivity: 'base' });
const byName = (a: string, b: string) => names.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

type Ordered = Pick<RankedStanding, 'totalScore' | 'averageScore' | 'name' | 'userId'>;
/** The ranking's order: total descending, then average descending, name A→Z, id. */
const byStanding = (a: Ordered, b: Ordered): number =>
  b.totalScore - a.totalScore || b.averageScore - a.averageScore || byName(a.name, b.name) || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);

/** A standing's place in the ranking's order, as a page cursor carries it. */
export type StandingKey = [totalScore: number, averageScore: number, name: string, userId: string];
export const STANDING_KEY_SHAPE = ['number', 'number', 'string', 'string'] as const;
export const standingKey = (r: Ordered): StandingKey => [r.totalScore, r.averageScore, r.name, r.userId];

/**
 * The standings ranked strictly after `key` (keyset paging over the ranking): an executive whose score moved
 * between two pages is neither shown twice nor skipped because of the others' moves.
 */
export function rankedAfter(ranked: RankedStanding[], key: StandingKey): RankedStanding[] {
  const [totalScore, averageScore, name, userId] = key;
  const start = ranked.findIndex((r) => byStanding(r, { totalScore, averageScore, name, userId }) > 0);
  return start < 0 ? [] : ranked.slice(start);
}

/**
 * Ranks a period's standings. Figures are rounded to one decimal first (what people see is what is
 * compared, so float noise never splits a tie). Total score descending; equal totals share a rank and the
 * next rank skips (1, 2, 2, 4); within a tie the higher average comes first, then the name (A→Z), then the
 * id so the order is stable. The level follows the rounded average.
 */
export function rankStandings(rows: StandingRow[]): RankedStanding[] {
  const figures = rows
    .filter((r) => r.tasks > 0)
    .map((r) => {
      const totalScore = round1(r.total);
      const averageScore = averageOf({ sum: r.total, count: r.tasks });
      return { userId: r.userId, name: r.name, department: r.department, totalScore, tasksCompleted: r.tasks, averageScore, performanceLevel: performanceLevelFor(averageScore) };
    })
    .sort(byStanding);

  let rank = 0;
  return figures.map((f, i) => {
    if (i === 0 || f.totalScore !== figures[i - 1].totalScore) rank = i + 1;
    return { rank, ...f };
  });
}
