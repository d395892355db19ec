import { formatDate } from '../../lib/format';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long ago something happened, as announcements show it (docs/product.md#business-rules-and-constants): under an hour 'Just now', under a day
 * '{n}h ago', under a week '{n}d ago', otherwise the date ('Mar 5, 2026'). A time slightly in the future
 * (another machine's clock) counts as 'Just now'.
 */
export function relativeTime(value: string | Date, now: number | Date): string {
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(time)) return formatDate(null);
  const elapsed = (now instanceof Date ? now.getTime() : now) - time;
  if (elapsed < HOUR_MS) return 'Just now';
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  if (elapsed < 7 * DAY_MS) return `${Math.floor(elapsed / DAY_MS)}d ago`;
  return formatDate(new Date(time));
}
