import type { NotificationList } from '@kpi/contracts';
import { api, seg } from '../../lib/api';

/** The signed-in user's bell. Both writes answer with the fresh list. */
export const notificationsApi = {
  list: () => api.get<NotificationList>('/notifications'),
  markRead: (id: string) => api.put<NotificationList>(`/notifications/${seg(id)}/read`),
  markAllRead: () => api.put<NotificationList>('/notifications/read-all'),
};
