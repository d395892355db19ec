import type { EntityManager } from '@mikro-orm/knex';
import { Scope } from '../../common/tenancy/scope';
import { Company } from '../companies/company.entity';
import { User } from '../users/user.entity';
import { Badge } from './badge.entity';
import type { AwardDraft } from './badge-rules';
import { UserBadge } from './user-badge.entity';

const marks = (values: unknown[]) => values.map(() => '?').join(', ');
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
  const company = Scope.company(companyId).sql('company_id');
  const users = [...new Set(list.map((d) => d.userId))];
  const badgeIds = [...new Set(list.map((d) => d.badgeId))];
  const periods = [...new Set(list.map((d) => d.period))];
  // Plain SQL: on every scoring, building this statement with the query builder cost more than running it.
  const held = await em.execute<{ user_id: string; badge_id: string; period: string }[]>(
    `select user_id, badge_id, period from user_badges where ${company.sql}
     and user_id in (${marks(users)}) and badge_id in (${marks(badgeIds)}) and period in (${marks(periods)})`,
    [...company.params, ...users, ...badgeIds, ...periods],
  );
  for (const h of held) wanted.delete(keyOf(h.user_id, h.badge_id, h.period));
  if (wanted.size === 0) return [];

  const fresh = [...wanted.values()];
  const badges = new Map((await em.find(Badge, { id: { $in: [...new Set(fresh.map((d) => d.badgeId))] } })).map((b) => [b.id, b]));
  const companyRef = em.getReference(Company, companyId);
  // One instant for the batch, so badges earned together read in a stable order (by badge id).
  const now = new Date();
  const awards = fresh.map((d) =>
    em.create(UserBadge, {
      user: em.getReference(User, d.userId),
      badge: badges.get(d.badgeId)!,
      company: companyRef,
      period: d.period,
      reason: d.reason,
      awardedAt: d.awardedAt ?? now,
    }),
  );
  await em.flush();
  return awards;
}
