import type { Notification } from '@kpi/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from '../../lib/store';
import { cx } from '../../components/ui';
import { sessionUserAtom } from '../../session/atoms';
import { loadNotifications, markNotificationRead } from './actions';
import { unreadCountAtom } from './atoms';
import { BellIcon } from './BellIcon';
import { NotificationPanel } from './NotificationPanel';

/** Only paths inside this app are followed (never another origin, even if a link were ever odd). */
const isInAppPath = (link: string): boolean => link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\');

/** The header's bell: unread count, and a dropdown of the user's notifications. Loaded once signed in. */
export function NotificationBell() {
  const userId = useAtomValue(sessionUserAtom)?._id ?? null;
  const unread = useAtomValue(unreadCountAtom);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const countId = useId();

  useEffect(() => {
    if (userId) void loadNotifications();
  }, [userId]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    // On the document: focus may have left the panel (a button that just became disabled).
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!userId) return null;

  const openNotification = (notification: Notification) => {
    setOpen(false);
    if (!notification.readAt) void markNotificationRead(notification._id);
    if (isInAppPath(notification.link)) void navigate(notification.link);
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label="Notifications"
        aria-describedby={unread > 0 ? countId : undefined}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-unread={unread}
        onClick={() => setOpen((v) => !v)}
        className={cx(
          'relative inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
          open && 'bg-slate-100 text-slate-900',
        )}
      >
        <BellIcon />
      </button>
      {/* Beside the button, not inside it: the button's name stays exactly its label (axe: label-content-name-mismatch). */}
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-semibold leading-none text-white ring-2 ring-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
      <span id={countId} className="sr-only">
        {unread} unread
      </span>
      {open && <NotificationPanel id={panelId} onOpen={openNotification} />}
    </div>
  );
}
