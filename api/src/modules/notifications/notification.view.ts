import type { Notification as NotificationView } from '@kpi/contracts';
import { isoDate, isoDateOrNull, type DbDate } from '../../common/rows/columns';
import type { Notification } from './notification.entity';

/** An entity, or the plain row `notify` inserts. */
export const toNotificationView = (n: Pick<Notification, 'id' | 'kind' | 'title' | 'body' | 'link' | 'readAt' | 'createdAt'>): NotificationView => ({
  _id: n.id,
  kind: n.kind,
  title: n.title,
  body: n.body,
  link: n.link,
  readAt: n.readAt?.toISOString() ?? null,
  createdAt: n.createdAt.toISOString(),
});

export interface NotificationRow {
  id: string;
  kind: NotificationView['kind'];
  title: string;
  body: string;
  link: string;
  read_at: DbDate | null;
  created_at: DbDate;
}

export const notificationRowView = (n: NotificationRow): NotificationView => ({
  _id: n.id,
  kind: n.kind,
  title: n.title,
  body: n.body,
  link: n.link,
  readAt: isoDateOrNull(n.read_at),
  createdAt: isoDate(n.created_at),
});
