import { showOnce } from '../../lib/toastLeader';

/** What a background tab tells the person: one event's news and the screen it opens. */
export interface DesktopNotice {
  /** The event's id: the notification's tag, so the browser never shows one event twice. */
  id: string;
  title: string;
  body: string;
  path: string;
}

export type DesktopPermission = NotificationPermission | 'unsupported';

const supported = (): boolean => typeof window !== 'undefined' && 'Notification' in window;

export const desktopPermission = (): DesktopPermission => (supported() ? Notification.permission : 'unsupported');

/** Asks the browser for permission: only ever called from a click on "Enable desktop notifications". */
export async function enableDesktopNotifications(): Promise<DesktopPermission> {
  if (!supported()) return 'unsupported';
  return Notification.requestPermission();
}

/**
 * Shows a browser notification while this tab is hidden and the person allowed it, in one tab of the browser
 * only (the toasts' leader, lib/toastLeader.ts). Clicking it brings the tab forward on `open(path)`.
 * Answers whether it showed one.
 */
export function notifyInBackground(notice: DesktopNotice, open: (path: string) => void): boolean {
  if (!supported() || Notification.permission !== 'granted' || document.visibilityState !== 'hidden') return false;
  return showOnce(() => {
    const shown = new Notification(notice.title, { body: notice.body, tag: notice.id });
    shown.onclick = () => {
      window.focus();
      open(notice.path);
      shown.close();
    };
  });
}
