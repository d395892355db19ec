import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/knex';
import type { BadgeCatalogue } from './badge-catalogue';
import type { AwardDraft } from './badge-rules';
import type { BadgeFields } from './badge.repository';
import { dbDate } from '../../common/rows/params';
import { execute } from '../../database/bound-sql';

const keyOf = (userId: string, badgeId: string, period: string) => `${userId}\u0000${badgeId}\u0000${period}`;

/** Rows per insert: well under SQLite's 32,766 bound variables at seven a row (the demo seed stores thousands). */
const INSERT_CHUNK = 500;

/** An award as stored: what its view, its event and its notification need. */
export interface StoredAward {
  id: string;
  userId: string;
  badge: BadgeFields;
  period: string;
  reason: string | null;
  awardedAt: Date;
}

/**
 * Stores the drafts not held yet and answers those it stored. The unique (user, badge, period) index decides
 * what is held: each insert skips the rows it already has (`on conflict do nothing`) and returns the ones it
 * wrote, so an award is never stored twice and a scoring that earns one costs one statement (the catalogue comes
 * from memory). Emits nothing; `BadgeAwardsService` tells people, the demo seed does not.
 */
export async function storeAwards(em: EntityManager, catalogue: BadgeCatalogue, companyId: string, drafts: AwardDraft[]): Promise<StoredAward[]> {
  const wanted = new Map<string, AwardDraft>();
  for (const d of drafts) {
    const key = keyOf(d.userId, d.badgeId, d.period);
    if (!wanted.has(key)) wanted.set(key, d); // the first draft wins (the seed passes them oldest first)
  }
  if (wanted.size === 0) return [];

  const badges = await catalogue.byId(em, [...new Set([...wanted.values()].map((d) => d.badgeId))]);
  // One instant for the batch, so badges earned together read in a stable order (by badge id).
  const now = new Date();
  const candidates: StoredAward[] = [...wanted.values()].map((d) => ({
    id: randomUUID(),
    userId: d.userId,
    badge: badges.get(d.badgeId)!,
    period: d.period,
    reason: d.reason,
    awardedAt: d.awardedAt ?? now,
  }));
  const date = dbDate(em);
  const stored = new Set<string>();
  for (let i = 0; i < candidates.length; i += INSERT_CHUNK) {
    const chunk = candidates.slice(i, i + INSERT_CHUNK);
    const rows = await execute<{ id: string }>(
      em,
      `insert into user_badges (id, user_id, badge_id, company_id, period, reason, awarded_at) values ${chunk.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}
       on conflict (user_id, badge_id, period) do nothing returning id`,
      chunk.flatMap((a) => [a.id, a.userId, a.badge.id, companyId, a.period, a.reason, date(a.awardedAt)]),
    );
    for (const row of rows) stored.add(row.id);
  }
  return candidates.filter((a) => stored.has(a.id));
}
