import type { UserBadge as UserBadgeView, Badge as BadgeView } from '@kpi/contracts';
import type { Badge } from './badge.entity';

/** What a badge's view shows: its entity, or a row of the catalogue. */
export type BadgeFields = Pick<Badge, 'id' | 'icon' | 'name' | 'description'>;

/** What an award's view shows: its entity with the badge loaded, or an award just stored (badge-awards.ts). */
export interface AwardFields {
  id: string;
  badge: BadgeFields;
  awardedAt: Date;
  reason: string | null;
}

export const toBadgeView = (b: BadgeFields): BadgeView => ({ _id: b.id, icon: b.icon, name: b.name, description: b.description });

export const toUserBadgeView = (ub: AwardFields): UserBadgeView => ({
  _id: ub.id,
  badge: toBadgeView(ub.badge),
  awardedAt: ub.awardedAt.toISOString(),
  reason: ub.reason,
});
