import type { EntityManager } from '@mikro-orm/knex';
import { readRows } from '../../database/read-rows';
import { placeholders } from '../../common/rows/params';

/** Bound parameters per badge query: far below SQLite's and PostgreSQL's limits, above any real company. */
const IDS_PER_QUERY = 10_000;

/**
 * The badge icons of many users in one query (per 10,000): each badge once per user, in the order it was first
 * earned (only those earned by `asOf`, when given). Plain SQL: the query builder spent more time turning a
 * thousand ids into criteria than the database spent answering.
 */
export async function badgeIcons(em: EntityManager, companyId: string, userIds: string[], asOf?: Date): Promise<Map<string, string[]>> {
  const icons = new Map<string, string[]>();
  for (let i = 0; i < userIds.length; i += IDS_PER_QUERY) {
    const ids = userIds.slice(i, i + IDS_PER_QUERY);
    const rows = await readRows<{ user_id: string; icon: string }>(
      em,
      `select ub.user_id as user_id, b.icon as icon from user_badges ub join badges b on b.id = ub.badge_id
       where ub.company_id = ? and ub.user_id in (${placeholders(ids)})${asOf ? ' and ub.awarded_at <= ?' : ''}
       group by ub.user_id, b.id, b.icon order by min(ub.awarded_at) asc, b.id asc`,
      [companyId, ...ids, ...(asOf ? [em.getPlatform().processDateProperty(asOf)] : [])],
    );
    for (const r of rows) {
      const list = icons.get(r.user_id);
      if (list) list.push(r.icon);
      else icons.set(r.user_id, [r.icon]);
    }
  }
  return icons;
}
