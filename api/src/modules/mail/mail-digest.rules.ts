import { zonedParts } from '../../common/periods/periods';

const two = (n: number): string => String(n).padStart(2, '0');

/** A moment's day (YYYY-MM-DD) and time (HH:MM) on the clock of a time zone. */
export function zonedClock(at: Date, timeZone: string): { day: string; time: string } {
  const p = zonedParts(at, timeZone);
  return { day: `${p.year}-${two(p.month)}-${two(p.day)}`, time: `${two(p.hour)}:${two(p.minute)}` };
}

/**
 * Whether a person's digest is due at `now`: once their chosen time has come on their company's clock, once a day
 * (not again on a day that already had one). Answers the day the digest is for.
 */
export function digestDue(now: Date, timeZone: string, digestTime: string, lastDigestOn: string | null): { due: boolean; day: string } {
  const { day, time } = zonedClock(now, timeZone);
  return { due: time >= digestTime && (lastDigestOn === null || lastDigestOn < day), day };
}
