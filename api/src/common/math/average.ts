/** A sum and a count of task totals, as the aggregate queries return them. */
export interface ScoreSum {
  sum: number;
  count: number;
}

/**
 * The average of a sum over a count, to one decimal (half up); 0 when there is nothing to average.
 * The sum comes from the database in floating point, and its last bits depend on the order the rows were added in,
 * which differs between SQLite and PostgreSQL: 88.2 on one is 88.19999999999999 on the other. So a quotient within
 * 1e-8 of a half-tenth (x.x5) counts as exactly that: 88.2 / 12 = 7.35 gives 7.4 on both. An average of tenths over
 * n tasks that is not a half-tenth is at least 1/(20n) away from one, far more than that for any real n.
 */
export const averageOf = ({ sum, count }: ScoreSum): number => (count > 0 ? Math.round((sum / count) * 10 + 1e-7) / 10 : 0);
