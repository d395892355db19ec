import type { Notification } from '@kpi/contracts';

/** As many as the server lists at once (its page size): older ones drop off the end as new ones come. */
export const NOTIFICATION_LIMIT = 50;

/** Adds (or replaces) one notification, newest first, keeping the list to the page size. */
export function addNotification(list: readonly Notification[], item: Notification): Notification[] {
  const rest = list.filter((n) => n._id !== item._id);
  return [item, ...rest].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, NOTIFICATION_LIMIT);
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
