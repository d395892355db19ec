import type { Leaderboard, LeaderboardEntry } from '@kpi/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyLiveTop10,
  boardMatches,
  boardSourceLabel,
  csvFilename,
  currentQuery,
  medalFor,
  ownStanding,
  periodLabel,
  periodStarted,
  publishedLabel,
  rankedCount,
  topTen,
  yearOptions,
} from './rules';

const entry = (id: string, rank: number, totalScore = 10 - rank): LeaderboardEntry => ({
  rank,
  user: { _id: id, name: `Person ${id}`, department: 'Sales' },
  totalScore,
  tasksCompleted: 1,
  averageScore: totalScore,
  performanceLevel: 'satisfactory',
  badges: [],
});
const board = (entries: LeaderboardEntry[], period = { year: 2026, month: 3 }): Leaderboard => ({
  type: 'monthly',
  period,
  totalExecutives: 20,
  rankedExecutives: entries.length,
  entries,
  currentUserEntry: null,
  generatedAt: null,
});

describe('leaderboard periods', () => {
  const now = new Date(2026, 2, 15);

  it('defaults to the current month and offers the current year and four previous', () => {
    expect(currentQuery(now)).toEqual({ type: 'monthly', year: 2026, month: 3 });
    expect(yearOptions(now)).toEqual([2026, 2025, 2024, 2023, 2022]);
  });

  it("follows the company's time zone, not the browser's, when it has one", () => {
    // New Year's Eve 23:30 UTC is already January in Auckland.
    const eve = new Date('2026-12-31T23:30:00Z');
    expect(currentQuery(eve, 'Pacific/Auckland')).toEqual({ type: 'monthly', year: 2027, month: 1 });
    expect(currentQuery(eve, 'UTC')).toEqual({ type: 'monthly', year: 2026, month: 12 });
    expect(yearOptions(eve, 'Pacific/Auckland')[0]).toBe(2027);
    expect(periodStarted({ type: 'monthly', year: 2027, month: 1 }, eve, 'Pacific/Auckland')).toBe(true);
    expect(periodStarted({ type: 'monthly', year: 2027, month: 1 }, eve, 'UTC')).toBe(false);
  });

  it('labels a month and a year, and names the CSV as the server does', () => {
    expect(periodLabel({ year: 2026, month: 3 })).toBe('March 2026');
    expect(periodLabel({ year: 2026 })).toBe('2026');
    expect(csvFilename({ year: 2026, month: 3 })).toBe('leaderboard-2026-03.csv');
    expect(csvFilename({ year: 2025 })).toBe('leaderboard-2025.csv');
  });

  it('matches a board to the query by type and period', () => {
    expect(boardMatches(board([]), { type: 'monthly', year: 2026, month: 3 })).toBe(true);
    expect(boardMatches(board([]), { type: 'monthly', year: 2026, month: 4 })).toBe(false);
    expect(boardMatches(board([]), { type: 'yearly', year: 2026, month: 3 })).toBe(false);
    expect(boardMatches({ type: 'yearly', period: { year: 2026 } }, { type: 'yearly', year: 2026, month: 7 })).toBe(true);
  });

  it('knows which periods have started', () => {
    expect(periodStarted({ type: 'monthly', year: 2026, month: 3 }, now)).toBe(true);
    expect(periodStarted({ type: 'monthly', year: 2026, month: 4 }, now)).toBe(false);
    expect(periodStarted({ type: 'yearly', year: 2026, month: 12 }, now)).toBe(true);
    expect(periodStarted({ type: 'monthly', year: 2025, month: 12 }, now)).toBe(true);
    expect(periodStarted({ type: 'yearly', year: 2027, month: 1 }, now)).toBe(false);
  });
});

describe('leaderboard display', () => {
  it('gives medals to ranks 1 to 3 only', () => {
    expect([1, 2, 3, 4, 10].map(medalFor)).toEqual(['🥇', '🥈', '🥉', null, null]);
  });

  it('counts ranked executives and cuts the list at ten', () => {
    expect(rankedCount(1)).toBe('1 executive ranked');
    expect(rankedCount(12)).toBe('12 executives ranked');
    const many = Array.from({ length: 12 }, (_, i) => entry(`u${i}`, i + 1));
    expect(topTen(many).map((e) => e.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('says when a period was published', () => {
    expect(publishedLabel(null)).toBeNull();
    expect(publishedLabel('nonsense')).toBeNull();
    expect(publishedLabel('2026-03-05T10:04:00.000Z')).toMatch(/^Published Mar [45], 2026, \d{1,2}:04 [AP]M$/);
  });

  it('says which board is shown: the published snapshot with its date, or the live ranking', () => {
    expect(boardSourceLabel('2026-03-05T10:04:00.000Z')).toMatch(/^Published on Mar [45], 2026, \d{1,2}:04 [AP]M$/);
    expect(boardSourceLabel(null)).toBe('Live ranking');
  });

  it("finds the executive's own row on the board shown, and whether it is below the top ten", () => {
    const many = Array.from({ length: 12 }, (_, i) => entry(`u${i}`, i + 1));
    expect(ownStanding(many, 'u2')).toEqual({ entry: many[2], beyondTop: false });
    expect(ownStanding(many, 'u9')?.beyondTop).toBe(false);
    expect(ownStanding(many, 'u10')).toEqual({ entry: many[10], beyondTop: true });
    expect(ownStanding(many, 'nobody')).toBeNull();
    expect(ownStanding(many, null)).toBeNull();
    // Ranked beyond the rows loaded: the board's own row for the caller.
    const own = entry('u40', 41);
    expect(ownStanding(many, 'u40', own)).toEqual({ entry: own, beyondTop: true });
    expect(ownStanding(many, 'u41', own)).toBeNull();
  });
});

describe('applyLiveTop10', () => {
  it('ignores an update for another period or a yearly board', () => {
    const b = board([entry('a', 1)]);
    expect(applyLiveTop10(b, { period: { year: 2026, month: 4 }, top10: [], totalExecutives: 3 })).toBeNull();
    expect(applyLiveTop10({ ...b, type: 'yearly', period: { year: 2026 } }, { period: { year: 2026, month: 3 }, top10: [], totalExecutives: 3 })).toBeNull();
  });

  it('replaces the whole list when fewer than ten are ranked', () => {
    const b = board([entry('a', 1), entry('b', 2)]);
    const result = applyLiveTop10(b, { period: { year: 2026, month: 3 }, top10: [entry('b', 1, 20), entry('a', 2)], totalExecutives: 4 });
    expect(result?.complete).toBe(true);
    expect(result?.board.entries.map((e) => e.user._id)).toEqual(['b', 'a']);
    expect(result?.board.totalExecutives).toBe(4);
  });

  it('keeps the rows beyond a full top ten (without duplicates) and asks for a refetch', () => {
    const old = Array.from({ length: 12 }, (_, i) => entry(`u${i}`, i + 1));
    // u11 (rank 12) jumps to first place.
    const top10 = [entry('u11', 1, 30), ...old.slice(0, 9).map((e, i) => ({ ...e, rank: i + 2 }))];
    const result = applyLiveTop10(board(old), { period: { year: 2026, month: 3 }, top10, totalExecutives: 12 });
    expect(result?.complete).toBe(false);
    expect(result?.board.entries.map((e) => e.user._id)).toEqual(['u11', 'u0', 'u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7', 'u8', 'u9', 'u10']);
  });
});
