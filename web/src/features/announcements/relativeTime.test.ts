import { describe, expect, it } from 'vitest';
import { relativeTime } from './relativeTime';

// Local noon, so the date form does not depend on the machine's time zone.
const now = new Date(2026, 2, 20, 12, 0, 0);
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it.each([
    ['now', 0, 'Just now'],
    ['59 minutes', 59 * MIN, 'Just now'],
    ['59 min 59 s', HOUR - 1000, 'Just now'],
    ['1 hour', HOUR, '1h ago'],
    ['1 h 59 min', 2 * HOUR - MIN, '1h ago'],
    ['23 hours', 23 * HOUR, '23h ago'],
    ['23 h 59 min', DAY - MIN, '23h ago'],
    ['24 hours', DAY, '1d ago'],
    ['6 days', 6 * DAY, '6d ago'],
    ['6 d 23 h', 7 * DAY - HOUR, '6d ago'],
  ])('%s ago reads %s', (_label, elapsed, expected) => {
    expect(relativeTime(ago(elapsed), now)).toBe(expected);
  });

  it('shows the date from 7 days on', () => {
    expect(relativeTime(ago(7 * DAY), now)).toBe('Mar 13, 2026');
    expect(relativeTime(new Date(2026, 2, 5, 9, 30), now)).toBe('Mar 5, 2026');
    expect(relativeTime(new Date(2025, 11, 31, 18, 0), now)).toBe('Dec 31, 2025');
  });

  it('accepts ISO strings and numeric now', () => {
    expect(relativeTime(ago(3 * HOUR).toISOString(), now.getTime())).toBe('3h ago');
  });

  it('treats a time slightly ahead of this clock as just now', () => {
    expect(relativeTime(new Date(now.getTime() + 5 * MIN), now)).toBe('Just now');
  });

  it('shows a dash for an unreadable date', () => {
    expect(relativeTime('not a date', now)).toBe('—');
  });
});
