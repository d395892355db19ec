import type { NotificationKind } from '@kpi/contracts';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { store, useAtomValue } from '../../app/store';
import { onEvent, onResync } from '../../lib/socket';
import { showOnce } from '../../lib/toastLeader';
import { sessionUserAtom } from '../session/atoms';
import { applyNotificationCreated, applyNotificationRead, loadNotifications } from './actions';
import { notificationsStatusAtom } from './atoms';
import { BellIcon } from './BellIcon';

/** Kinds whose own feature already toasts the event (tasks: the score toast), so the bell stays quiet. */
const TOASTED_BY_FEATURE: ReadonlySet<NotificationKind> = new Set(['task.scored']);

/**
 * Keeps the bell in step: every tab's socket gets notification.created and notification.read with the unread
 * count, so all tabs (and browsers) agree. A new notification also toasts, in one tab of the browser only.
 */
export function NotificationsRealtimeEffect() {
  const userId = useAtomValue(sessionUserAtom)?._id ?? null;
  useEffect(() => {
    if (!userId) return;
    const offs = [
      onEvent('notification.created', ({ payload }) => {
        const { notification, unread } = payload;
        applyNotificationCreated(notification, unread);
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
      }),
      onEvent('notification.read', ({ payload, at }) => applyNotificationRead(payload.ids, payload.unread, at)),
      onResync(() => {
        if (store.get(notificationsStatusAtom) !== 'idle') void loadNotifications();
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [userId]);
  return null;
}
