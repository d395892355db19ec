import { averageOf } from '../../common/math/average';
import { lastMonths } from '../../common/periods/periods';
import { LEVEL_THRESHOLDS, performanceLevelFor } from '@kpi/contracts';
import { levelCutoff, levelDistribution, monthlySeries, topCompanies } from './stats-rules';

describe('statistics formulas', () => {
  it('fills a 12-month series, oldest first, with 0 for months without scored tasks', () => {
    const buckets = lastMonths('UTC', new Date('2026-03-10T00:00:00Z'));
    const sums = new Map([
      ['2026-03', { sum: 16.8, count: 2 }],
      ['2025-04', { sum: 7, count: 1 }],
      ['2024-12', { sum: 9, count: 1 }],
    ]);
    const series = monthlySeries(buckets, sums, (month, s) => ({ month, score: averageOf(s), n: s.count }));
    expect(series).toHaveLength(12);
    expect(series[0]).toEqual({ month: '2025-04', score: 7, n: 1 });
    expect(series[11]).toEqual({ month: '2026-03', score: 8.4, n: 2 });
    expect(series.slice(1, 11).every((m) => m.score === 0 && m.n === 0)).toBe(true);
  });

  it('counts executives per level by their rounded average, every level listed', () => {
    expect(levelDistribution([])).toEqual([
      { level: 'excellent', count: 0 },
      { level: 'satisfactory', count: 0 },
      { level: 'underperforming', count: 0 },
    ]);
    expect(levelDistribution([9, 7.5, 7.46, 7.44, 6, 5.96, 5.94, 0])).toEqual([
      { level: 'excellent', count: 3 },
      { level: 'satisfactory', count: 3 },
      { level: 'underperforming', count: 2 },
    ]);
  });

  it('ranks companies by average, leaves out those with nothing scored, keeps five', () => {
    const c = (company: string, averageScore: number, tasksCompleted = 1) => ({ company, averageScore, tasksCompleted });
    const top = topCompanies([c('F', 5), c('A', 7), c('B', 9), c('C', 7), c('D', 0, 0), c('E', 6), c('G', 4)]);
    expect(top.map((x) => x.company)).toEqual(['B', 'A', 'C', 'E', 'F']);
  });

  it('counts levels on integer aggregates exactly as on the shown averages (levelCutoff)', () => {
    const levelBySql = (tenths: number, count: number) =>
      2 * tenths >= levelCutoff(LEVEL_THRESHOLDS.excellent) * count ? 'excellent' : 2 * tenths >= levelCutoff(LEVEL_THRESHOLDS.satisfactory) * count ? 'satisfactory' : 'underperforming';
    const disagreements: string[] = [];
    for (let count = 1; count <= 60; count++) {
      for (let tenths = 0; tenths <= 100 * count; tenths++) {
        const shown = performanceLevelFor(averageOf({ sum: tenths / 10, count }));
        if (levelBySql(tenths, count) !== shown) disagreements.push(`${tenths / 10} over ${count}: ${shown}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});
