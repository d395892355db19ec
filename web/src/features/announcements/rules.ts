import type { Announcement } from '@kpi/contracts';

/** Pinned first, then newest first (docs/product.md#admin), the order the server answers in. */
export function byPinnedThenNewest(a: Announcement, b: Announcement): number {
  if (a.isPinned !== b.isPinned) return a.isPinned ? -1 : 1;
  return b.createdAt.localeCompare(a.createdAt);
}

/** Whether the announcement's expiry has come by `now` (a time in ms, or an ISO string such as an event's `at`). */
export function isExpired(announcement: Pick<Announcement, 'expiresAt'>, now: number | string): boolean {
  if (!announcement.expiresAt) return false;
  const expires = Date.parse(announcement.expiresAt);
  const at = typeof now === 'number' ? now : Date.parse(now);
  return !Number.isNaN(expires) && expires <= at;
}

/** The value of a datetime-local input (local time, to the minute) for an ISO date; '' for none. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The ISO date of a datetime-local value (read as local time); null for an empty or unreadable one. */
export function fromLocalInput(value: string): string | null {
  if (value.trim() === '') return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
