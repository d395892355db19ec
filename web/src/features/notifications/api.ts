import type { NotificationList } from '@kpi/contracts';
import { api, queryString, seg } from '../../lib/api';

/** The signed-in user's bell. Both writes answer with the fresh list. */
export const notificationsApi = {
  list: (cursor?: string) => api.page<NotificationList>(`/notifications${queryString({ cursor })}`),
  markRead: (id: string) => api.put<NotificationList>(`/notifications/${seg(id)}/read`),
  markAllRead: () => api.put<NotificationList>('/notifications/read-all'),
};
