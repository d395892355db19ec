import type { EntityManager } from '@mikro-orm/knex';
import { Scope } from '../../common/tenancy/scope';
import { Company } from '../companies/company.entity';
import { User } from '../users/user.entity';
import { Badge } from './badge.entity';
import type { AwardDraft } from './badge-rules';
import { UserBadge } from './user-badge.entity';

const keyOf = (userId: string, badgeId: string, period: string) => `${userId}\u0000${badgeId}\u0000${period}`;

/**
 * Stores the drafts not held yet, in a few statements whatever their number: one query for the awards
 * already held, one for the badges, one insert. The unique (user, badge, period) index backs it up: an
 * award is never stored twice. Emits nothing; `BadgeAwardsService` tells people, the demo seed does not.
 */
export async function storeAwards(em: EntityManager, companyId: string, drafts: AwardDraft[]): Promise<UserBadge[]> {
  const wanted = new Map<string, AwardDraft>();
  for (const d of drafts) {
    const key = keyOf(d.userId, d.badgeId, d.period);
    if (!wanted.has(key)) wanted.set(key, d); // the first draft wins (the seed passes them oldest first)
  }
  if (wanted.size === 0) return [];

  const list = [...wanted.values()];
  const held = await em
    .createQueryBuilder(UserBadge, 'ub')
    .select(['ub.user_id as user', 'ub.badge_id as badge', 'ub.period as period'])
    .where(
      Scope.company(companyId).where({
        user: { $in: [...new Set(list.map((d) => d.userId))] },
        badge: { $in: [...new Set(list.map((d) => d.badgeId))] },
        period: { $in: [...new Set(list.map((d) => d.period))] },
      }),
    )
    .execute<{ user: string; badge: string; period: string }[]>('all', false);
  for (const h of held) wanted.delete(keyOf(h.user, h.badge, h.period));
  if (wanted.size === 0) return [];

  const fresh = [...wanted.values()];
  const badges = new Map((await em.find(Badge, { id: { $in: [...new Set(fresh.map((d) => d.badgeId))] } })).map((b) => [b.id, b]));
  const company = em.getReference(Company, companyId);
  // One instant for the batch, so badges earned together read in a stable order (by badge id).
  const now = new Date();
  const awards = fresh.map((d) =>
    em.create(UserBadge, {
      user: em.getReference(User, d.userId),
      badge: badges.get(d.badgeId)!,
      company,
      period: d.period,
      reason: d.reason,
      awardedAt: d.awardedAt ?? now,
    }),
  );
  await em.flush();
  return awards;
}
