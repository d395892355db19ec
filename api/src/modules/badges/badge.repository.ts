import type { EntityManager } from '@mikro-orm/knex';
import type { UserBadge as UserBadgeView, Badge as BadgeView } from '@kpi/contracts';
import type { Scope } from '../../common/tenancy/scope';
import type { User } from '../users/user.entity';
import { Badge } from './badge.entity';
import { UserBadge } from './user-badge.entity';

/** What a badge's answer shows: its entity, or a row of the catalogue. */
export type BadgeFields = Pick<Badge, 'id' | 'icon' | 'name' | 'description'>;

/** What an award's answer shows: its entity with the badge loaded, or an award just stored (badge-awards.ts). */
export interface AwardFields {
  id: string;
  badge: BadgeFields;
  awardedAt: Date;
  reason: string | null;
}

/** The one mapping from a badge to its answer. */
export const toBadge = (b: BadgeFields): BadgeView => ({ _id: b.id, icon: b.icon, name: b.name, description: b.description });

/** The one mapping from an award to its answer. */
export const toUserBadge = (ub: AwardFields): UserBadgeView => ({
  _id: ub.id,
  badge: toBadge(ub.badge),
  awardedAt: ub.awardedAt.toISOString(),
  reason: ub.reason,
});

/**
 * The badges' reads and their answers: the catalogue (the same for every company) and a person's awards, within the
 * scope's company. Awards are written by badge-awards.ts, in the awarding unit of work.
 */

/** The catalogue's answer, by name. */
export async function catalogueAnswer(em: EntityManager): Promise<BadgeView[]> {
  const badges = await em.find(Badge, {}, { orderBy: { name: 'asc' } });
  return badges.map(toBadge);
}

/** A person's awards in the scope's company, newest first. */
export async function awardsOf(em: EntityManager, scope: Scope, user: User): Promise<UserBadgeView[]> {
  const awards = await em.find(UserBadge, scope.where({ user }), { populate: ['badge'], orderBy: { awardedAt: 'desc' } });
  return awards.map(toUserBadge);
}

/** A badge of the catalogue by id, or null. */
export function badgeById(em: EntityManager, id: string): Promise<Badge | null> {
  return em.findOne(Badge, { id });
}
