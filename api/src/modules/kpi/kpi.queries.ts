import { raw, type EntityManager } from '@mikro-orm/sqlite';
import { UserBadge } from '../badges/user-badge.entity';
import type { MonthBucket } from '../leaderboard/periods';
import { Task } from '../tasks/task.entity';
import { User } from '../users/user.entity';
import { averageOf, type ScoreSum } from './stats-rules';

/**
 * The aggregate queries behind the KPI endpoints: every figure is computed by the database (GROUP BY over
 * indexed columns); JavaScript only receives one row per group. Formulas: docs/scoring-and-ranking.md.
 */

type Num = number | string | null;
const num = (v: Num): number => (v === null ? 0 : Number(v));

export interface TaskFigures {
  totalTasks: number;
  completedTasks: number;
  scored: ScoreSum;
  qualityAverage: number;
  timeAverage: number;
  initiativeAverage: number;
}

/** Counts and averages over a set of tasks (one executive's, or one company's), in one row. */
export async function taskFigures(em: EntityManager, where: { assignedTo?: string; company?: string }): Promise<TaskFigures> {
  const [row] = await em
    .createQueryBuilder(Task, 't')
    .select([
      raw('count(*) as total_tasks'),
      raw('count(t.scored_at) as completed'),
      raw('sum(t.total_score) as total_sum'),
      raw('count(t.total_score) as total_count'),
      // Sums and counts, not avg(): averageOf rounds them alike on SQLite and PostgreSQL (stats-rules.ts).
      raw('sum(t.quality_score) as quality_sum'),
      raw('count(t.quality_score) as quality_count'),
      raw('sum(t.time_score) as time_sum'),
      raw('count(t.time_score) as time_count'),
      raw('sum(t.initiative_score) as initiative_sum'),
      raw('count(t.initiative_score) as initiative_count'),
    ])
    .where(where)
    .execute<Record<string, Num>[]>('all', false);
  const average = (column: string) => averageOf({ sum: num(row[`${column}_sum`]), count: num(row[`${column}_count`]) });
  return {
    totalTasks: num(row.total_tasks),
    completedTasks: num(row.completed),
    scored: { sum: num(row.total_sum), count: num(row.total_count) },
    qualityAverage: average('quality'),
    timeAverage: average('time'),
    initiativeAverage: average('initiative'),
  };
}

/** Per company: task count, scored count and the sum of scored totals, in one grouped query. */
export async function taskFiguresByCompany(em: EntityManager): Promise<Map<string, { totalTasks: number; scored: ScoreSum }>> {
  const rows = await em
    .createQueryBuilder(Task, 't')
    .select(['t.company_id as company_id', raw('count(*) as total_tasks'), raw('sum(t.total_score) as total_sum'), raw('count(t.total_score) as total_count')])
    .groupBy('t.company_id')
    .execute<{ company_id: string; total_tasks: Num; total_sum: Num; total_count: Num }[]>('all', false);
  return new Map(rows.map((r) => [r.company_id, { totalTasks: num(r.total_tasks), scored: { sum: num(r.total_sum), count: num(r.total_count) } }]));
}

/**
 * Sums of scored totals per month key. Each zone's months have their own bounds: the CASE picks the bucket of
 * a task from its company's zone, so one query serves one company or every company.
 */
export async function monthlySums(
  em: EntityManager,
  where: { assignedTo?: string; company?: string },
  zones: { timeZone: string; buckets: MonthBucket[] }[],
): Promise<Map<string, ScoreSum>> {
  const sums = new Map<string, ScoreSum>();
  const all = zones.flatMap((z) => z.buckets);
  if (all.length === 0) return sums;
  const date = (d: Date) => em.getPlatform().processDateProperty(d);
  const byZone = zones.length > 1;
  const whens: string[] = [];
  const params: unknown[] = [];
  for (const zone of zones) {
    for (const b of zone.buckets) {
      whens.push(`when ${byZone ? 'c.time_zone = ? and ' : ''}t.scored_at >= ? and t.scored_at < ? then ?`);
      params.push(...(byZone ? [zone.timeZone] : []), date(b.start), date(b.end), b.key);
    }
  }
  const from = new Date(Math.min(...all.map((b) => b.start.getTime())));
  const to = new Date(Math.max(...all.map((b) => b.end.getTime())));
  const qb = em
    .createQueryBuilder(Task, 't')
    .select([raw(`case ${whens.join(' ')} end as bucket`, params), raw('sum(t.total_score) as total_sum'), raw('count(t.total_score) as total_count')])
    .where({ ...where, scoredAt: { $gte: from, $lt: to }, totalScore: { $ne: null } })
    .groupBy(raw('bucket'));
  if (byZone) qb.join('t.company', 'c');
  const rows = await qb.execute<{ bucket: string | null; total_sum: Num; total_count: Num }[]>('all', false);
  for (const r of rows) if (r.bucket) sums.set(r.bucket, { sum: num(r.total_sum), count: num(r.total_count) });
  return sums;
}

/** Each active executive's all-time average of scored totals (those with none are absent). */
export async function executiveAverages(em: EntityManager, companyId?: string): Promise<number[]> {
  const rows = await em
    .createQueryBuilder(Task, 't')
    .select(['t.assigned_to_id as user_id', raw('sum(t.total_score) as total_sum'), raw('count(t.total_score) as total_count')])
    .join('t.assignedTo', 'u')
    .where({ ...(companyId ? { company: companyId } : {}), totalScore: { $ne: null } })
    .andWhere({ 'u.role': 'executive', 'u.isActive': true })
    .groupBy('t.assigned_to_id')
    .execute<{ user_id: string; total_sum: Num; total_count: Num }[]>('all', false);
  return rows.map((r) => averageOf({ sum: num(r.total_sum), count: num(r.total_count) }));
}

/** Active executives per department of a company. */
export async function executivesByDepartment(em: EntityManager, companyId: string): Promise<Map<string, number>> {
  const rows = await em
    .createQueryBuilder(User, 'u')
    .select(['u.department as department', raw('count(*) as n')])
    .where({ company: companyId, role: 'executive', isActive: true })
    .groupBy('u.department')
    .execute<{ department: string; n: Num }[]>('all', false);
  return new Map(rows.map((r) => [r.department, num(r.n)]));
}

/** Sums of scored totals per department, over the tasks of the company's active executives. */
export async function scoresByDepartment(em: EntityManager, companyId: string): Promise<Map<string, ScoreSum>> {
  const rows = await em
    .createQueryBuilder(Task, 't')
    .select(['u.department as department', raw('sum(t.total_score) as total_sum'), raw('count(t.total_score) as total_count')])
    .join('t.assignedTo', 'u')
    .where({ company: companyId, totalScore: { $ne: null } })
    .andWhere({ 'u.role': 'executive', 'u.isActive': true })
    .groupBy('u.department')
    .execute<{ department: string; total_sum: Num; total_count: Num }[]>('all', false);
  return new Map(rows.map((r) => [r.department, { sum: num(r.total_sum), count: num(r.total_count) }]));
}

/** Active members per company and role, in one grouped query. */
export async function activeMembers(em: EntityManager, companyId?: string): Promise<Map<string, { admins: number; executives: number }>> {
  const rows = await em
    .createQueryBuilder(User, 'u')
    .select(['u.company_id as company_id', 'u.role as role', raw('count(*) as n')])
    .where({ role: { $in: ['admin', 'executive'] }, isActive: true, company: companyId ?? { $ne: null } })
    .groupBy(['u.company_id', 'u.role'])
    .execute<{ company_id: string; role: string; n: Num }[]>('all', false);
  const counts = new Map<string, { admins: number; executives: number }>();
  for (const r of rows) {
    const c = counts.get(r.company_id) ?? { admins: 0, executives: 0 };
    if (r.role === 'admin') c.admins = num(r.n);
    else c.executives = num(r.n);
    counts.set(r.company_id, c);
  }
  return counts;
}

export function badgeCount(em: EntityManager, userId: string): Promise<number> {
  return em.count(UserBadge, { user: userId });
}
