import type { Notification } from '@kpi/contracts';

/**
 * Adds (or replaces) one notification, newest first. Nothing drops off the end: what the user paged in with
 * "Load older" stays, and the next page's cursor still follows the oldest one loaded (docs/paging.md).
 */
export function addNotification(list: readonly Notification[], item: Notification): Notification[] {
  const rest = list.filter((n) => n._id !== item._id);
  return [item, ...rest].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * Adds a notification the user may already hold (a broadcast, whose event carries no unread count): the
 * list and whether it was new, so the unread count goes up once however often it arrives (a replay, or a
 * fetch that already returned it).
 */
export function addIfNew(list: readonly Notification[], item: Notification): { list: Notification[]; added: boolean } {
  if (list.some((n) => n._id === item._id)) return { list: list as Notification[], added: false };
  return { list: addNotification(list, item), added: true };
}

/** Marks the given notifications (or all of them) read at `at`; those already read keep their time. */
export function markRead(list: readonly Notification[], ids: readonly string[] | 'all', at: string): Notification[] {
  const hit = ids === 'all' ? () => true : (n: Notification) => ids.includes(n._id);
  let changed = false;
  const next = list.map((n) => {
    if (n.readAt || !hit(n)) return n;
    changed = true;
    return { ...n, readAt: at };
  });
  return changed ? next : (list as Notification[]);
}

/**
 * A fresh first page (a load or a write's answer) replaces what it covers; older notifications the user
 * already paged in ("Load older") stay, so the panel does not shrink back to one page.
 */
export function withOlderPages(firstPage: readonly Notification[], loaded: readonly Notification[]): Notification[] {
  const oldest = firstPage.reduce<string | null>((min, n) => (min === null || n.createdAt < min ? n.createdAt : min), null);
  if (oldest === null) return [...firstPage];
  const fresh = new Set(firstPage.map((n) => n._id));
  return [...firstPage, ...loaded.filter((n) => !fresh.has(n._id) && n.createdAt < oldest)];
}

