/**
 * Placeholder for the notification bell (unread count, DESIGN §5), rendered in the header's actions slot.
 * Another engineer fills it in.
 */
export function NotificationBell() {
  return null;
}
