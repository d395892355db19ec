import { describe, expect, it } from 'vitest';
import { completionRate, currentMonth, longMonth, rankText, shortMonth, trendPoint } from './rules';

describe('performance figures', () => {
  it('rounds the completion rate and shows 0 without tasks', () => {
    expect(completionRate(0, 0)).toBe(0);
    expect(completionRate(2, 3)).toBe(67);
    expect(completionRate(1, 8)).toBe(13);
    expect(completionRate(4, 4)).toBe(100);
  });

  it("shows the rank as '#rank of total', or a dash when unranked", () => {
    expect(rankText({ currentRank: 1, totalExecutives: 3 })).toBe('#1 of 3');
    expect(rankText({ currentRank: null, totalExecutives: 3 })).toBe('—');
  });

  it('labels month keys', () => {
    expect(shortMonth('2026-01')).toBe('Jan');
    expect(shortMonth('2025-12')).toBe('Dec');
    expect(longMonth('2026-03')).toBe('March 2026');
    expect(shortMonth('bad')).toBe('bad');
  });

  it("defaults to the current month, in the company's zone when known", () => {
    expect(currentMonth(new Date(2026, 10, 3))).toEqual({ year: 2026, month: 11 });
    expect(currentMonth(new Date('2026-10-31T23:30:00Z'), 'Asia/Tokyo')).toEqual({ year: 2026, month: 11 });
  });

  it('leaves months without scores out of the trend (a gap, not 0)', () => {
    expect(trendPoint({ month: '2026-03', score: 0, scoredTasks: 0 })).toBeNull();
    expect(trendPoint({ month: '2026-03', score: 7.4, scoredTasks: 2 })).toBe(7.4);
  });
});
