import type { UserBadge } from '@kpi/contracts';
import { api, seg } from '../../lib/api';

export const badgesApi = {
  forUser: (userId: string) => api.get<UserBadge[]>(`/badges/user/${seg(userId)}`),
};
