import type { UserBadge as UserBadgeView, Badge as BadgeView } from '@kpi/contracts';
import type { Badge } from './badge.entity';
import type { UserBadge } from './user-badge.entity';

export const toBadgeView = (b: Badge): BadgeView => ({ _id: b.id, icon: b.icon, name: b.name, description: b.description });

export const toUserBadgeView = (ub: UserBadge): UserBadgeView => ({
  _id: ub.id,
  badge: toBadgeView(ub.badge),
  awardedAt: ub.awardedAt.toISOString(),
  reason: ub.reason,
});
