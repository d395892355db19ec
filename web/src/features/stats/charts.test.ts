import { describe, expect, it } from 'vitest';
import { LEVEL_COLOURS, completionTrendChart, distributionChart, scoreBarChart, scoreTrendChart } from './charts';

const months = (scores: number[]) => scores.map((s, i) => ({ month: `2026-${String(i + 1).padStart(2, '0')}`, averageScore: s, tasksCompleted: s > 0 ? 2 : 0 }));

describe('scoreTrendChart', () => {
  it('labels months "Jan 26" and leaves months without scores as gaps', () => {
    const chart = scoreTrendChart(months([0, 7.5, 0, 8.2]))!;
    expect(chart.type).toBe('line');
    expect(chart.series).toEqual([{ name: 'Average Score', data: [null, 7.5, null, 8.2] }]);
    expect((chart.options.xaxis as { categories: string[] }).categories).toEqual(['Jan 26', 'Feb 26', 'Mar 26', 'Apr 26']);
    expect(chart.options.yaxis).toMatchObject({ min: 0, max: 10 });
  });

  it('is null when nothing was scored', () => {
    expect(scoreTrendChart(months([0, 0, 0]))).toBeNull();
    expect(scoreTrendChart([])).toBeNull();
  });
});

describe('scoreBarChart', () => {
  it('draws one bar per group', () => {
    const chart = scoreBarChart([{ name: 'Marketing', averageScore: 6.4 }, { name: 'Sales', averageScore: 0 }])!;
    expect(chart.series).toEqual([{ name: 'Average Score', data: [6.4, 0] }]);
    expect((chart.options.xaxis as { categories: string[] }).categories).toEqual(['Marketing', 'Sales']);
  });

  it('is null when no group has a score', () => {
    expect(scoreBarChart([{ name: 'Sales', averageScore: 0 }])).toBeNull();
    expect(scoreBarChart([])).toBeNull();
  });
});

describe('distributionChart', () => {
  it('always orders the levels excellent, satisfactory, underperforming in green, amber, red', () => {
    const chart = distributionChart([
      { level: 'underperforming', count: 1 },
      { level: 'excellent', count: 3 },
    ])!;
    expect(chart.type).toBe('pie');
    expect(chart.series).toEqual([3, 0, 1]);
    expect(chart.options.labels).toEqual(['Excellent', 'Satisfactory', 'Underperforming']);
    expect(chart.options.colors).toEqual([LEVEL_COLOURS.excellent, LEVEL_COLOURS.satisfactory, LEVEL_COLOURS.underperforming]);
  });

  it('is null when nobody is counted (a pie of nothing cannot be drawn)', () => {
    expect(distributionChart([{ level: 'excellent', count: 0 }, { level: 'satisfactory', count: 0 }, { level: 'underperforming', count: 0 }])).toBeNull();
  });
});

describe('completionTrendChart', () => {
  it('counts tasks per month, and is null when none were completed', () => {
    expect(completionTrendChart([{ month: '2026-01', tasksCompleted: 0 }, { month: '2026-02', tasksCompleted: 3 }])!.series).toEqual([
      { name: 'Tasks Completed', data: [0, 3] },
    ]);
    expect(completionTrendChart([{ month: '2026-01', tasksCompleted: 0 }])).toBeNull();
  });
});
