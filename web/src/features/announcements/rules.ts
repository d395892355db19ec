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

