import { raw, type EntityManager } from '@mikro-orm/sqlite';
import { UserBadge } from '../badges/user-badge.entity';
import { Task } from '../tasks/task.entity';
import { User } from '../users/user.entity';
import type { PeriodRange } from './periods';
import type { StandingRow } from './ranking';

/**
 * One grouped query over the (company, scored_at) index: per active executive, the sum and count of the
 * totals of their tasks scored in [start, end). Executives with nothing scored do not appear.
 */
export async function standingRows(em: EntityManager, companyId: string, range: PeriodRange): Promise<StandingRow[]> {
  const rows = await em
    .createQueryBuilder(Task, 't')
    .select(['t.assigned_to_id as user_id', 'u.name as name', 'u.department as department', raw('sum(t.total_score) as total'), raw('count(*) as tasks')])
    .join('t.assignedTo', 'u')
    .where({ company: companyId, scoredAt: { $gte: range.start, $lt: range.end }, totalScore: { $ne: null } })
    .andWhere({ 'u.role': 'executive', 'u.isActive': true })
    .groupBy(['t.assigned_to_id', 'u.name', 'u.department'])
    .execute<{ user_id: string; name: string; department: string; total: number | string; tasks: number | string }[]>('all', false);
  return rows.map((r) => ({ userId: r.user_id, name: r.name, department: r.department, total: Number(r.total), tasks: Number(r.tasks) }));
}

/** Active executives of the company: the "of N" of every rank. */
export function activeExecutiveCount(em: EntityManager, companyId: string): Promise<number> {
  return em.count(User, { company: companyId, role: 'executive', isActive: true });
}

/**
 * The badge icons of many users in one query: each badge once per user, in the order it was first earned
 * (only those earned by `asOf`, when given).
 */
export async function badgeIcons(em: EntityManager, userIds: string[], asOf?: Date): Promise<Map<string, string[]>> {
  const icons = new Map<string, string[]>();
  if (userIds.length === 0) return icons;
  const rows = await em
    .createQueryBuilder(UserBadge, 'ub')
    .select(['ub.user_id as user_id', 'b.icon as icon', raw('min(ub.awarded_at) as first_at')])
    .join('ub.badge', 'b')
    .where({ user: { $in: userIds }, ...(asOf ? { awardedAt: { $lte: asOf } } : {}) })
    .groupBy(['ub.user_id', 'b.id', 'b.icon'])
    .orderBy({ [raw('min(ub.awarded_at)')]: 'asc', 'b.id': 'asc' })
    .execute<{ user_id: string; icon: string }[]>('all', false);
  for (const r of rows) icons.set(r.user_id, [...(icons.get(r.user_id) ?? []), r.icon]);
  return icons;
}
