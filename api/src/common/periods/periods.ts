import { MONTH_NAMES, type LeaderboardPeriod } from '@kpi/contracts';

/**
 * Leaderboard and statistics periods, in a company's IANA time zone. Pure functions on instants: a period is
 * the half-open range [start, end) of UTC instants whose wall-clock date in the zone falls in it, so a task
 * scored at 23:30 UTC on 31 March counts in April for a company at UTC+2.
 */

export interface PeriodRange {
  start: Date;
  end: Date;
}
export interface MonthBucket extends PeriodRange {
  /** 'YYYY-MM' */
  key: string;
  year: number;
  month: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock date and time of an instant in a zone. */
export function zonedParts(instant: Date, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour % 24, minute: parts.minute, second: parts.second };
}

/** The zone's offset from UTC at an instant, in milliseconds (UTC+2 → +7,200,000). */
export function offsetAt(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The first instant of a wall-clock day in a zone. `month` may run past 12 (Date.UTC normalises it). The
 * offset is settled in two passes; when midnight falls in a daylight-saving gap the day starts when the gap
 * ends, and when it repeats the day starts at the first instant that shows the new date.
 */
export function startOfZonedDay(timeZone: string, year: number, month: number, day = 1): Date {
  const wall = Date.UTC(year, month - 1, day);
  const target = new Date(wall);
  const first = wall - offsetAt(target, timeZone);
  const second = wall - offsetAt(new Date(first), timeZone);
  const isStart = (t: number) => {
    const p = zonedParts(new Date(t), timeZone);
    return p.year === target.getUTCFullYear() && p.month === target.getUTCMonth() + 1 && p.day === target.getUTCDate() && p.hour === 0;
  };
  const valid = [first, second].filter(isStart);
  return new Date(valid.length ? Math.min(...valid) : Math.max(first, second));
}

export function monthRange(timeZone: string, year: number, month: number): PeriodRange {
  return { start: startOfZonedDay(timeZone, year, month), end: startOfZonedDay(timeZone, year, month + 1) };
}

export function yearRange(timeZone: string, year: number): PeriodRange {
  return { start: startOfZonedDay(timeZone, year, 1), end: startOfZonedDay(timeZone, year + 1, 1) };
}

export function periodRange(timeZone: string, period: LeaderboardPeriod): PeriodRange {
  return period.month ? monthRange(timeZone, period.year, period.month) : yearRange(timeZone, period.year);
}

/** The month an instant falls in, in the zone. */
export function monthOf(instant: Date, timeZone: string): { year: number; month: number } {
  const { year, month } = zonedParts(instant, timeZone);
  return { year, month };
}

const currentMonths = new Map<string, MonthBucket>();

/**
 * `monthOf(now)` for a clock that moves forward: the month's range is kept per zone, so the many calls within
 * it compare two numbers instead of formatting the instant in the zone (the top 10 asks on every request).
 */
export function currentMonthOf(timeZone: string, now = new Date()): { year: number; month: number } {
  const t = now.getTime();
  const kept = currentMonths.get(timeZone);
  if (kept && kept.start.getTime() <= t && t < kept.end.getTime()) return { year: kept.year, month: kept.month };
  const { year, month } = monthOf(now, timeZone);
  currentMonths.set(timeZone, { key: monthKey(year, month), year, month, ...monthRange(timeZone, year, month) });
  return { year, month };
}

export const monthKey = (year: number, month: number): string => `${year}-${String(month).padStart(2, '0')}`;

/** '2026-03' for a month, '2026' for a year: the key of snapshots and period badges. */
export const periodKey = (period: LeaderboardPeriod): string => (period.month ? monthKey(period.year, period.month) : String(period.year));

/** 'March 2026' or '2026'. */
export const periodLabel = (period: LeaderboardPeriod): string => (period.month ? `${MONTH_NAMES[period.month - 1]} ${period.year}` : String(period.year));

/** The `count` months ending with the one `now` falls in (in the zone), oldest first. */
export function lastMonths(timeZone: string, now: Date, count = 12): MonthBucket[] {
  const current = monthOf(now, timeZone);
  const buckets: MonthBucket[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(current.year, current.month - 1 - i, 1));
    const year = d.getUTCFullYear();
    const month = d.getUTCMonth() + 1;
    buckets.push({ key: monthKey(year, month), year, month, ...monthRange(timeZone, year, month) });
  }
  return buckets;
}

/** The `count` complete months before the one `now` falls in (in the zone), oldest first. */
export function lastCompleteMonths(timeZone: string, now: Date, count: number): MonthBucket[] {
  return lastMonths(timeZone, now, count + 1).slice(0, count);
}
