import { MONTH_NAMES, type Announcement, type LeaderboardEntry, type LeaderboardPeriod } from '@kpi/contracts';

/** 'November 2026 Leaderboard' (or '2026 Leaderboard' for a year). */
export const periodHeading = (period: LeaderboardPeriod): string =>
  `${period.month ? `${MONTH_NAMES[period.month - 1]} ${period.year}` : period.year} Leaderboard`;

const MEDALS = ['🥇', '🥈', '🥉'] as const;
/** Medals for ranks 1 to 3 (docs/product.md#screens), '#n' otherwise. */
export const rankLabel = (rank: number): string => MEDALS[rank - 1] ?? `#${rank}`;

/** 'HH:MM' on a 24-hour clock, in the screen's own time zone (the office's). */
export function clockTime(at: number | Date): string {
  const d = typeof at === 'number' ? new Date(at) : at;
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** 'm:ss' left until `expiresAt` (never negative). */
export function countdown(expiresAt: string, now: number): string {
  const left = Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}

/**
 * Executives whose total went up between two top 10s, with by how much: a score has landed for them. Someone
 * new to the top 10 counts with their whole total (a first score of the month, or a climb from beyond 10).
 */
export function scoreRaises(before: readonly LeaderboardEntry[], after: readonly LeaderboardEntry[]): Map<string, number> {
  const previous = new Map(before.map((e) => [e.user._id, e.totalScore]));
  const raises = new Map<string, number>();
  for (const entry of after) {
    const was = previous.get(entry.user._id) ?? 0;
    const delta = Math.round((entry.totalScore - was) * 10) / 10;
    if (delta > 0) raises.set(entry.user._id, delta);
  }
  return raises;
}

/** Whether a pinned announcement is still for the wall at `now` (its expiry may pass while it is shown). */
export const isCurrent = (announcement: Announcement, now: number): boolean =>
  announcement.expiresAt === null || Date.parse(announcement.expiresAt) > now;

/** The wall's announcements after one arrives or changes: pinned ones only, newest first. */
export function upsertAnnouncement(list: readonly Announcement[], announcement: Announcement): Announcement[] {
  const rest = list.filter((a) => a._id !== announcement._id);
  if (!announcement.isPinned) return rest;
  return [...rest, announcement].sort((x, y) => y.createdAt.localeCompare(x.createdAt));
}

/** Without the server this long, the wall says its board is stale (a blip of a few seconds passes quietly). */
export const STALE_AFTER_MS = 30_000;

/** Whether a wall without the server since `lostSince` should show the stale banner at `now`. */
export const isStale = (lostSince: number | null, now: number): boolean => lostSince !== null && now - lostSince >= STALE_AFTER_MS;

/** Waits between reconnect attempts: 1 s, 2 s, 4 s … up to 30 s, with up to 25% jitter so screens spread out. */
export function reconnectDelay(attempt: number, random: number = Math.random()): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 + 0.25 * random));
}

/** The longest delay setTimeout honours; a later moment is simply re-armed when it fires. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** When a display last checked in, after 'Last seen': 'never', 'just now', '5 min ago', '3 h ago', or a date. */
export function lastSeenLabel(lastSeenAt: string | null, now: number, formatDate: (iso: string) => string): string {
  if (!lastSeenAt) return 'never';
  const minutes = Math.floor((now - Date.parse(lastSeenAt)) / 60_000);
  if (minutes < 2) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ago`;
  return formatDate(lastSeenAt);
}
