import type { Notification as NotificationView } from '@kpi/contracts';
import type { Notification } from './notification.entity';

export const toNotificationView = (n: Notification): NotificationView => ({
  _id: n.id,
  kind: n.kind,
  title: n.title,
  body: n.body,
  link: n.link,
  readAt: n.readAt?.toISOString() ?? null,
  createdAt: n.createdAt.toISOString(),
});
