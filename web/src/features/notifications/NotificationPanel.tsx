import type { Notification } from '@kpi/contracts';
import { useRef } from 'react';
import { useAtomValue } from '../../lib/store';
import { Button, Spinner, cx } from '../../components/ui';
import { LoadMoreFor } from '../../components/LoadMoreFor';
import { RelativeTime } from '../announcements/RelativeTime';
import { loadMoreNotifications, markAllNotificationsRead } from './actions';
import { notificationsPage, notificationsStatusAtom, sortedNotificationsAtom, unreadCountAtom } from './atoms';
import { BellIcon } from './BellIcon';

interface NotificationPanelProps {
  id: string;
  onOpen: (notification: Notification) => void;
}

/** The bell's dropdown: newest first, unread ones dotted; 'Mark all as read'. */
export function NotificationPanel({ id, onOpen }: NotificationPanelProps) {
  const notifications = useAtomValue(sortedNotificationsAtom);
  const unread = useAtomValue(unreadCountAtom);
  const status = useAtomValue(notificationsStatusAtom);
  const panelRef = useRef<HTMLDivElement>(null);

  const markAll = () => {
    // The button disables itself: keep keyboard focus in the panel rather than losing it to the page.
    panelRef.current?.focus();
    void markAllNotificationsRead();
  };

  return (
    <div
      ref={panelRef}
      id={id}
      tabIndex={-1}
      role="region"
      aria-label="Notifications"
      className="fixed inset-x-2 top-16 z-40 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl outline-none sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-96"
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">
          Notifications
          {unread > 0 && <span className="ml-2 text-xs font-medium text-slate-500">{unread} unread</span>}
        </h2>
        <Button size="sm" variant="ghost" disabled={unread === 0} onClick={markAll}>
          Mark all as read
        </Button>
      </div>
      {(status === 'idle' || status === 'loading') && notifications.length === 0 ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : notifications.length === 0 ? (
        <div className="flex flex-col items-center px-6 py-10 text-center">
          <BellIcon className="h-8 w-8 text-slate-300" />
          <p className="mt-3 text-sm text-slate-500">{status === 'error' ? 'Failed to fetch notifications' : 'No notifications yet'}</p>
        </div>
      ) : (
        <ul className="max-h-[min(28rem,calc(100dvh-9rem))] divide-y divide-slate-100 overflow-y-auto">
          {notifications.map((n) => (
            <li key={n._id}>
              <button
                type="button"
                onClick={() => onOpen(n)}
                className={cx(
                  'flex w-full gap-3 px-4 py-3 text-left transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
                  !n.readAt && 'bg-indigo-50/40',
                )}
              >
                <span aria-hidden="true" className={cx('mt-1.5 h-2 w-2 shrink-0 rounded-full', n.readAt ? 'bg-transparent' : 'bg-indigo-600')} />
                <span className="min-w-0 flex-1">
                  <span className={cx('block text-sm text-slate-900', !n.readAt && 'font-semibold')}>
                    {n.title}
                    {!n.readAt && <span className="sr-only"> (unread)</span>}
                  </span>
                  {n.body && <span className="mt-0.5 block break-words text-sm text-slate-600 line-clamp-2">{n.body}</span>}
                  <RelativeTime value={n.createdAt} className="mt-1 block text-xs text-slate-500" />
                </span>
              </button>
            </li>
          ))}
          <li className="pb-3">
            <LoadMoreFor state={notificationsPage} onLoad={() => void loadMoreNotifications()} label="Load older" />
          </li>
        </ul>
      )}
    </div>
  );
}
