import { z } from 'zod';
import { timestampField } from './common/fields';

export const NOTIFICATION_KINDS = [
  'task.assigned',
  'task.scored',
  'task.submitted',
  'badge.awarded',
  'announcement.created',
  /** An integration stopped delivering on its own (docs/webhooks.md). */
  'webhook.paused',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** The in-app path the notification opens, e.g. /executive/tasks. */
  link: z.string(),
  readAt: timestampField.nullable(),
  createdAt: timestampField,
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.object({ items: z.array(notificationSchema), unread: z.number().int() });
export type NotificationList = z.infer<typeof notificationListSchema>;

/**
 * One notification stored for every active member of a role in a company (an announcement: every executive)
 * and announced once, to the whole company, as `notification.broadcast`. Each recipient's copy has the id
 * `broadcastNotificationId(batch, their user id)`, so a client derives its own bell entry, and can mark it
 * read, from that one event instead of one event per recipient.
 */
export interface NotificationBroadcast {
  /** A v4 UUID naming the batch. */
  batch: string;
  /** Who got a copy: the active users of this role in the event's company when it was sent. */
  role: 'executive';
  notification: Omit<Notification, '_id' | 'readAt'>;
}

/**
 * The id of one recipient's copy: the batch's first three UUID groups, then the user's last two (user ids are
 * v4 UUIDs). Unique per user within a batch, as random as a UUID across batches; the api computes the same
 * string in SQL (`substr(batch, 1, 19) || substr(user_id, 20)`) and the primary key rejects any collision.
 */
export const broadcastNotificationId = (batch: string, userId: string): string => batch.slice(0, 19) + userId.slice(19);

/** A recipient's own, unread copy of a broadcast notification. */
export const ownBroadcastCopy = (broadcast: NotificationBroadcast, userId: string): Notification => ({
  _id: broadcastNotificationId(broadcast.batch, userId),
  ...broadcast.notification,
  readAt: null,
});
