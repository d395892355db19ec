import { NotificationBell } from '../features/notifications/NotificationBell';

/** The header's slot on the right, before the user's name: per-user actions such as the notification bell. */
export function HeaderActions() {
  return (
    <div className="flex items-center gap-2">
      <NotificationBell />
    </div>
  );
}
