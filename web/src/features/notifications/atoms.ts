import type { Notification } from '@kpi/contracts';
import { atom, onSessionReset, store } from '../../lib/store';
import type { LoadStatus } from '../../lib/loadStatus';
import { pageStateAtoms, resetPageState } from '../../lib/pagedList';

/** The user's latest notifications, as the fetch and the notification.* events leave them. */
export const notificationsAtom = atom<Notification[]>([]);
/** The server's unread count (it covers more than the loaded page); every tab gets it with each event. */
export const unreadCountAtom = atom(0);
export const notificationsStatusAtom = atom<LoadStatus>('idle');
/** Older notifications load a page at a time (docs/paging.md). */
export const notificationsPage = pageStateAtoms();

/** Newest first, the order the panel lists them. */
export const sortedNotificationsAtom = atom((get) => [...get(notificationsAtom)].sort((a, b) => b.createdAt.localeCompare(a.createdAt)));

onSessionReset(() => {
  store.set(notificationsAtom, []);
  store.set(unreadCountAtom, 0);
  store.set(notificationsStatusAtom, 'idle');
  resetPageState(notificationsPage);
});
