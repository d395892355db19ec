import { LEADERBOARD_SIZE, MONTH_NAMES, YEARS_SHOWN, type Leaderboard, type LeaderboardEntry, type LeaderboardPeriod, type LeaderboardType, type PerformanceLevel } from '@kpi/contracts';
import type { BadgeTone } from '../../components/ui';
import { monthIn } from '../../lib/zonedClock';

/** What a leaderboard screen asks for. `month` is kept while Yearly is chosen, so switching back restores it. */
export interface LeaderboardQuery {
  type: LeaderboardType;
  year: number;
  /** 1-12. */
  month: number;
}

/** The current month in the company's time zone (the browser's without one): the screens' default period. */
export const currentQuery = (now = new Date(), timeZone?: string): LeaderboardQuery => ({ type: 'monthly', ...monthIn(now, timeZone) });

/** The year selector: the current year and the previous ones, newest first (five: docs/product.md#business-rules-and-constants). */
export const yearOptions = (now = new Date(), timeZone?: string): number[] => {
  const { year } = monthIn(now, timeZone);
  return Array.from({ length: YEARS_SHOWN }, (_, i) => year - i);
};

export const periodOf = (query: LeaderboardQuery): LeaderboardPeriod =>
  query.type === 'monthly' ? { year: query.year, month: query.month } : { year: query.year };

export const samePeriod = (a: LeaderboardPeriod, b: LeaderboardPeriod): boolean => a.year === b.year && (a.month ?? null) === (b.month ?? null);

/** Whether a fetched board answers this query (a late answer for another period is dropped). */
export const boardMatches = (board: Pick<Leaderboard, 'type' | 'period'>, query: LeaderboardQuery): boolean =>
  board.type === query.type && samePeriod(board.period, periodOf(query));

/** 'November 2026' or '2026'. */
export const periodLabel = (period: LeaderboardPeriod): string =>
  period.month ? `${MONTH_NAMES[period.month - 1]} ${period.year}` : String(period.year);

/** 'leaderboard-2026-03.csv' / 'leaderboard-2026.csv', as the server names the download. */
export const csvFilename = (period: LeaderboardPeriod): string =>
  `leaderboard-${period.year}${period.month ? `-${String(period.month).padStart(2, '0')}` : ''}.csv`;

/** Whether the period has begun in the company's zone: a future period cannot be published. */
export const periodStarted = (query: LeaderboardQuery, now = new Date(), timeZone?: string): boolean => {
  const today = monthIn(now, timeZone);
  if (query.year !== today.year) return query.year < today.year;
  return query.type === 'yearly' || query.month <= today.month;
};

const MEDALS: Record<number, string> = { 1: '🥇', 2: '🥈', 3: '🥉' };
/** Ranks 1 to 3 get a medal (ties share a rank, so two people can hold the same one). */
export const medalFor = (rank: number): string | null => MEDALS[rank] ?? null;

export const LEVEL_TONES: Record<PerformanceLevel, BadgeTone> = { excellent: 'green', satisfactory: 'amber', underperforming: 'red' };

/** Scores and averages are shown to one decimal (docs/product.md#business-rules-and-constants). */
export const oneDecimal = (value: number): string => (Number.isFinite(value) ? value.toFixed(1) : '0.0');

export const rankedCount = (count: number): string => `${count} ${count === 1 ? 'executive' : 'executives'} ranked`;

/** The first ten rows, the list every screen shows. */
export const topTen = (entries: readonly LeaderboardEntry[]): LeaderboardEntry[] => entries.slice(0, LEADERBOARD_SIZE);

export interface LiveTop10 {
  period: LeaderboardPeriod;
  top10: LeaderboardEntry[];
  totalExecutives: number;
}

/**
 * Applies a `leaderboard.updated` (the current month's top 10) to the monthly board on screen. Returns null
 * when the board shows another period. `complete` is false when people beyond the top 10 may have moved:
 * the rows below are kept as they were until a quiet refetch brings them.
 */
export function applyLiveTop10(board: Leaderboard, update: LiveTop10): { board: Leaderboard; complete: boolean } | null {
  if (board.type !== 'monthly' || !samePeriod(board.period, update.period)) return null;
  const own = board.currentUserEntry;
  const ownIn = (top10: LeaderboardEntry[]) => (own && top10.find((e) => e.user._id === own.user._id)) ?? null;
  // Fewer than ten ranked: the event holds every ranked executive.
  if (update.top10.length < LEADERBOARD_SIZE) {
    const entries = update.top10;
    return { board: { ...board, entries, rankedExecutives: entries.length, currentUserEntry: ownIn(entries), totalExecutives: update.totalExecutives }, complete: true };
  }
  const inTop = new Set(update.top10.map((e) => e.user._id));
  const rest = board.entries.filter((e) => !inTop.has(e.user._id));
  return {
    board: { ...board, entries: [...update.top10, ...rest], currentUserEntry: ownIn(update.top10) ?? own, totalExecutives: update.totalExecutives },
    complete: false,
  };
}

/** Whether the query is the period in progress (this month, or this year), in the company's zone when given. */
export const isCurrentPeriod = (query: LeaderboardQuery, now = new Date(), timeZone?: string): boolean => {
  const today = monthIn(now, timeZone);
  return query.year === today.year && (query.type === 'yearly' || query.month === today.month);
};

const publishedFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
/** 'Published Nov 26, 2026, 3:04 PM', or null when the period has not been published. */
export function publishedLabel(generatedAt: string | null | undefined): string | null {
  if (!generatedAt) return null;
  const date = new Date(generatedAt);
  return Number.isNaN(date.getTime()) ? null : `Published ${publishedFormat.format(date)}`;
}

/** 'Published on Nov 26, 2026, 3:04 PM': the stamp of a published snapshot on screen. */
export const publishedOnLabel = (publishedAt: string): string | null => publishedLabel(publishedAt)?.replace(/^Published /, 'Published on ') ?? null;

/** Which board a screen shows, said plainly: the snapshot's publication stamp, or the live ranking. */
export const boardSourceLabel = (publishedAt: string | null): string => (publishedAt && publishedOnLabel(publishedAt)) || 'Live ranking';

/**
 * The signed-in executive's row on the board shown, and whether it falls below the top 10 (where the
 * 'Your Position' card shows it): from the rows loaded, or else `own` (the board's `currentUserEntry`, which the
 * server sends with every page); null when they are not ranked there.
 */
export function ownStanding(entries: readonly LeaderboardEntry[], userId: string | null, own: LeaderboardEntry | null = null): { entry: LeaderboardEntry; beyondTop: boolean } | null {
  const index = userId ? entries.findIndex((e) => e.user._id === userId) : -1;
  if (index >= 0) return { entry: entries[index], beyondTop: index >= LEADERBOARD_SIZE };
  return own && own.user._id === userId ? { entry: own, beyondTop: true } : null;
}
