import { z } from 'zod';
import { timestampField } from './common/fields';

export const NOTIFICATION_KINDS = [
  'task.assigned',
  'task.scored',
  'task.submitted',
  'badge.awarded',
  'announcement.created',
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
