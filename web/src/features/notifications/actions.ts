import type { Notification, NotificationList } from '@kpi/contracts';
import toast from 'react-hot-toast';
import { store } from '../../lib/store';
import { errorMessage, isUnauthorized } from '../../lib/api';
import { sessionUserAtom } from '../../session/atoms';
import { notificationsApi } from './api';
import { loadNextPage } from '../../lib/pagedList';
import { notificationsAtom, notificationsPage, notificationsStatusAtom, unreadCountAtom } from './atoms';
import { addIfNew, addNotification, markRead, withOlderPages } from './readState';

/**
 * Bumped by every notification event. A REST answer computed before an event may arrive after it: when an
 * event landed while a call was out, the event's unread count is the newer one and the answer's is not used.
 */
let eventVersion = 0;

const currentUserId = () => store.get(sessionUserAtom)?._id ?? null;

/** Takes a list answered by the server, unless the session changed or an event overtook it. */
function accept(list: NotificationList, userId: string | null, version: number): boolean {
  if (currentUserId() !== userId || version !== eventVersion) return false;
  store.set(notificationsAtom, (loaded) => withOlderPages(list.items, loaded));
  store.set(unreadCountAtom, list.unread);
  return true;
}


/** Loads the bell (after sign-in, and on resync). A failure is only logged: the bell is not worth a toast. */
export async function loadNotifications(): Promise<void> {
  const userId = currentUserId();
  if (!userId) return;
  if (store.get(notificationsStatusAtom) !== 'ready') store.set(notificationsStatusAtom, 'loading');
  for (let attempt = 0; attempt < 3; attempt++) {
    const version = eventVersion;
    try {
      const page = await notificationsApi.list();
      if (currentUserId() !== userId) return;
      if (accept(page.body, userId, version)) {
        store.set(notificationsPage.next, page.next);
        break;
      }
    } catch (error) {
      if (!isUnauthorized(error)) console.error('Failed to fetch notifications', error);
      if (store.get(notificationsStatusAtom) !== 'ready') store.set(notificationsStatusAtom, 'error');
      return;
    }
  }
  store.set(notificationsStatusAtom, 'ready');
}

/** The bell's "Load more": older notifications; the unread count stays the server's. */
export async function loadMoreNotifications(): Promise<void> {
  await loadNextPage(notificationsPage, notificationsAtom, async (cursor) => {
    const page = await notificationsApi.list(cursor);
    return { body: page.body.items, next: page.next };
  });
}

/** notification.created: the new item and the user's unread count as the server counted it. */
export function applyNotificationCreated(notification: Notification, unread: number): void {
  eventVersion++;
  store.set(notificationsAtom, (list) => addNotification(list, notification));
  store.set(unreadCountAtom, unread);
}

/**
 * notification.broadcast: the user's own copy, counted once. True when it was new to this tab. The event is
 * still counted as one that overtakes a REST answer in flight: that answer may predate the notification.
 */
export function applyNotificationBroadcast(notification: Notification): boolean {
  eventVersion++;
  const { list, added } = addIfNew(store.get(notificationsAtom), notification);
  if (!added) return false;
  store.set(notificationsAtom, list);
  store.set(unreadCountAtom, (n) => n + 1);
  return true;
}

/** notification.read (from this tab, another tab or another browser of the same user). */
export function applyNotificationRead(ids: string[] | 'all', unread: number, at: string): void {
  eventVersion++;
  store.set(notificationsAtom, (list) => markRead(list, ids, at));
  store.set(unreadCountAtom, unread);
}

async function write(call: () => Promise<NotificationList>): Promise<void> {
  const userId = currentUserId();
  const version = eventVersion;
  try {
    accept(await call(), userId, version);
  } catch (error) {
    if (isUnauthorized(error)) return;
    toast.error(errorMessage(error, 'Operation failed'));
    void loadNotifications();
  }
}

/** Marks one read at once on screen, then on the server (whose notification.read event updates the other tabs). */
export function markNotificationRead(id: string): Promise<void> {
  const wasUnread = store.get(notificationsAtom).some((n) => n._id === id && !n.readAt);
  store.set(notificationsAtom, (list) => markRead(list, [id], new Date().toISOString()));
  if (wasUnread) store.set(unreadCountAtom, (n) => Math.max(0, n - 1));
  return write(() => notificationsApi.markRead(id));
}

export function markAllNotificationsRead(): Promise<void> {
  store.set(notificationsAtom, (list) => markRead(list, 'all', new Date().toISOString()));
  store.set(unreadCountAtom, 0);
  return write(() => notificationsApi.markAllRead());
}
