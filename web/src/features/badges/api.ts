import type { AssignBadgeRequest, Badge, UserBadge } from '@kpi/contracts';
import { api, seg } from '../../lib/api';

export const badgesApi = {
  forUser: (userId: string) => api.get<UserBadge[]>(`/badges/user/${seg(userId)}`),
  /** The badge catalogue. */
  catalogue: () => api.get<Badge[]>('/badges'),
  /** Admin: award a badge by hand to an executive of their company. */
  assign: (body: AssignBadgeRequest) => api.post<UserBadge>('/badges/assign', body),
};
