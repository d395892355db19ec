export const NOTIFICATION_KINDS = [
  'task.assigned',
  'task.scored',
  'task.submitted',
  'badge.awarded',
  'announcement.created',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface Notification {
  _id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** The in-app path the notification opens, e.g. /executive/tasks. */
  link: string;
  readAt: string | null;
  createdAt: string;
}
export interface NotificationList {
  items: Notification[];
  unread: number;
}
