import { ownBroadcastCopy, type Notification, type NotificationKind } from '@kpi/contracts';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { store, useAtomValue } from '../../lib/store';
import { onEvent, onResync } from '../../lib/socket';
import { showOnce } from '../../lib/toastLeader';
import { sessionUserAtom } from '../../session/atoms';
import { applyNotificationBroadcast, applyNotificationCreated, applyNotificationRead, loadNotifications } from './actions';
import { notificationsStatusAtom } from './atoms';
import { BellIcon } from './BellIcon';

/** Kinds whose own feature already toasts the event (tasks: the score toast), so the bell stays quiet. */
const TOASTED_BY_FEATURE: ReadonlySet<NotificationKind> = new Set(['task.scored']);

/** A new notification toasts, in one tab of the browser only. */
function toastNew(notification: Notification): void {
  if (TOASTED_BY_FEATURE.has(notification.kind)) return;
  showOnce(() =>
    toast(
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{notification.title}</p>
        {notification.body && <p className="mt-0.5 break-words text-sm text-slate-600">{notification.body}</p>}
      </div>,
      { id: `notification-${notification._id}`, icon: <BellIcon className="h-5 w-5 shrink-0 text-indigo-600" />, duration: 5000 },
    ),
  );
}

/**
 * Keeps the bell in step: every tab's socket gets notification.created and notification.read with the unread
 * count, so all tabs (and browsers) agree. A notification sent to everyone of a role (an announcement's) comes
 * once to the whole company as notification.broadcast: the recipients derive their own copy and count it once.
 */
export function NotificationsRealtimeEffect() {
  const user = useAtomValue(sessionUserAtom);
  const userId = user?._id ?? null;
  const role = user?.role ?? null;
  useEffect(() => {
    if (!userId) return;
    const offs = [
      onEvent('notification.created', ({ payload }) => {
        applyNotificationCreated(payload.notification, payload.unread);
        toastNew(payload.notification);
      }),
      onEvent('notification.broadcast', ({ payload }) => {
        if (payload.role !== role) return; // the company's admins hear of the announcement itself
        const mine = ownBroadcastCopy(payload, userId);
        if (applyNotificationBroadcast(mine)) toastNew(mine);
      }),
      onEvent('notification.read', ({ payload, at }) => applyNotificationRead(payload.ids, payload.unread, at)),
      onResync(() => {
        if (store.get(notificationsStatusAtom) !== 'idle') void loadNotifications();
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [userId, role]);
  return null;
}
