import type { Announcement, CreateAnnouncementRequest, MessageResponse, UpdateAnnouncementRequest } from '@kpi/contracts';
import { api, queryString, seg } from '../../lib/api';

export const announcementsApi = {
  /** The caller's company; executives only get current (unexpired) ones. */
  list: (cursor?: string) => api.page<Announcement[]>(`/announcements${queryString({ cursor })}`),
  create: (body: CreateAnnouncementRequest) => api.post<Announcement>('/announcements', body),
  update: (id: string, body: UpdateAnnouncementRequest) => api.put<Announcement>(`/announcements/${seg(id)}`, body),
  /** Sets the pin (the server toggles when `isPinned` is left out; we always say which). */
  pin: (id: string, isPinned: boolean) => api.put<Announcement>(`/announcements/${seg(id)}/pin`, { isPinned }),
  remove: (id: string) => api.delete<MessageResponse | undefined>(`/announcements/${seg(id)}`),
};
