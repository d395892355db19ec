import { ALL_TIME, isNoChange, periodKeysOf, removalDelta, scoringDelta, toTenths } from './score-aggregates.rules';

const figures = (totalScore: number, qualityScore = 7.3, timeScore = 10, initiativeScore = 9.1) => ({ totalScore, qualityScore, timeScore, initiativeScore });

describe('score aggregate rules', () => {
  it('keys a task by its month and year in the company zone, and all-time', () => {
    // 23:30 UTC on 31 March is already April in Johannesburg (UTC+2).
    expect(periodKeysOf(new Date('2024-03-31T23:30:00Z'), 'Africa/Johannesburg')).toEqual(['2024-04', '2024', ALL_TIME]);
    expect(periodKeysOf(new Date('2024-03-31T23:30:00Z'), 'UTC')).toEqual(['2024-03', '2024', ALL_TIME]);
    expect(periodKeysOf(new Date('2024-12-31T22:30:00Z'), 'Africa/Johannesburg')).toEqual(['2025-01', '2025', ALL_TIME]);
  });

  it('stores scores as exact integer tenths', () => {
    expect(toTenths(7.3)).toBe(73);
    expect(toTenths(0.1 + 0.2)).toBe(3);
    expect(toTenths(10)).toBe(100);
  });

  it('adds a first scoring as one task', () => {
    expect(scoringDelta(null, figures(8.4))).toEqual({ tasks: 1, totalTenths: 84, qualityTenths: 73, timeTenths: 100, initiativeTenths: 91 });
  });

  it('replaces a re-scored task’s figures without counting it twice', () => {
    expect(scoringDelta(figures(8.4), figures(6.4, 5, 10, 3))).toEqual({ tasks: 0, totalTenths: -20, qualityTenths: -23, timeTenths: 0, initiativeTenths: -61 });
    expect(isNoChange(scoringDelta(figures(8.4), figures(8.4)))).toBe(true);
  });

  it('takes a deleted task away', () => {
    expect(removalDelta(figures(8.4))).toEqual({ tasks: -1, totalTenths: -84, qualityTenths: -73, timeTenths: -100, initiativeTenths: -91 });
  });
});
