import { raw, type EntityManager } from '@mikro-orm/knex';
import { UserBadge } from '../badges/user-badge.entity';
import { CompanyScoreAggregate, ScoreAggregate } from '../stats/score-aggregate.entity';
import { ALL_TIME } from '../stats/score-aggregates.rules';
import { Task } from '../tasks/task.entity';
import { User } from '../users/user.entity';
import { LEVEL_THRESHOLDS, PERFORMANCE_LEVELS, type LevelCount, type PerformanceLevel } from '@kpi/contracts';
import { averageOf, type ScoreSum } from '../../common/math/average';
import { levelCutoff } from './stats-rules';
import { readRows } from '../../database/read-rows';
import { placeholders } from '../../common/rows/params';

/**
 * The queries behind the KPI endpoints. Score figures come from the period aggregates kept at scoring time
 * (docs/aggregates.md): a company's or a user's rows, never its tasks. Task counts are COUNTs over the tasks'
 * (company, …) and (assignee, …) indexes. Formulas: docs/scoring-and-ranking.md.
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

/** One executive's figures or one company's; both name the company, so every query carries its predicate. */
type Scope = { assignedTo: string; company: string } | { company: string };
const SUMS = [
  raw('sum(a.task_count) as tasks'),
  raw('sum(a.total_tenths) as total_tenths'),
  raw('sum(a.quality_tenths) as quality_tenths'),
  raw('sum(a.time_tenths) as time_tenths'),
  raw('sum(a.initiative_tenths) as initiative_tenths'),
];
/** A sum of tenths back to a sum of scores, over a count of tasks. */
const scoreSum = (tenths: Num, tasks: Num): ScoreSum => ({ sum: num(tenths) / 10, count: num(tasks) });

type Rows<T> = Promise<T[]>;

/** The all-time rows of one executive (their user rows) or of one company (its company row), summed. */
function allTimeRow(em: EntityManager, scope: Scope): Rows<Record<string, Num>> {
  return 'assignedTo' in scope
    ? em.createQueryBuilder(ScoreAggregate, 'a').select(SUMS).where({ user: scope.assignedTo, company: scope.company, periodKey: ALL_TIME }).execute('all', false)
    : em.createQueryBuilder(CompanyScoreAggregate, 'a').select(SUMS).where({ company: scope.company, periodKey: ALL_TIME }).execute('all', false);
}

/**
 * Counts and averages over one executive's or one company's tasks: one COUNT and one aggregate row. A company's
 * COUNT is of its unscored tasks only (the (company, scored_at) index where `scored_at` is null), its scored ones
 * being its all-time row's, as in `taskFiguresByCompany`: counting its 22,000 tasks was most of
 * GET /kpi/company on PostgreSQL (docs/benchmarks.md).
 */
export async function taskFigures(em: EntityManager, scope: Scope): Promise<TaskFigures> {
  const counted = await em.count(Task, 'assignedTo' in scope ? { assignedTo: scope.assignedTo, company: scope.company } : { company: scope.company, scoredAt: null });
  const [row] = await allTimeRow(em, scope);
  const totalTasks = 'assignedTo' in scope ? counted : counted + num(row?.tasks ?? 0);
  const average = (column: string) => averageOf(scoreSum(row?.[`${column}_tenths`] ?? 0, row?.tasks ?? 0));
  return {
    totalTasks,
    completedTasks: num(row?.tasks ?? 0),
    scored: scoreSum(row?.total_tenths ?? 0, row?.tasks ?? 0),
    qualityAverage: average('quality'),
    timeAverage: average('time'),
    initiativeAverage: average('initiative'),
  };
}

/** Companies per unscored-count query: far below SQLite's and PostgreSQL's bound-parameter limits. */
const COMPANIES_PER_QUERY = 500;

/**
 * Per company: task count and the all-time sum of scored totals. The count is the scored tasks of the
 * company's all-time aggregate row (exact: kept in the scoring transaction, docs/aggregates.md) plus its
 * unscored tasks, counted over the (company, scored_at) index where `scored_at` is null: a walk of the open
 * tasks only, not of every task ever scored (a COUNT of 220,000 tasks was most of GET /kpi/overall).
 */
export async function taskFiguresByCompany(em: EntityManager, companyIds: string[]): Promise<Map<string, { totalTasks: number; scored: ScoreSum }>> {
  const figures = new Map<string, { totalTasks: number; scored: ScoreSum }>();
  if (companyIds.length === 0) return figures;
  const unscored = new Map<string, number>();
  for (let i = 0; i < companyIds.length; i += COMPANIES_PER_QUERY) {
    const ids = companyIds.slice(i, i + COMPANIES_PER_QUERY);
    const rows = await em
      .createQueryBuilder(Task, 't')
      .select(['t.company_id as company_id', raw('count(*) as open_tasks')])
      .where({ company: { $in: ids }, scoredAt: null })
      .groupBy('t.company_id')
      .execute<{ company_id: string; open_tasks: Num }[]>('all', false);
    for (const r of rows) unscored.set(r.company_id, num(r.open_tasks));
  }
  const sums = await em
    .createQueryBuilder(CompanyScoreAggregate, 'a')
    .select(['a.company_id as company_id', 'a.task_count as tasks', 'a.total_tenths as total_tenths'])
    .where({ company: { $in: companyIds }, periodKey: ALL_TIME })
    .execute<{ company_id: string; tasks: Num; total_tenths: Num }[]>('all', false);
  for (const [companyId, open] of unscored) figures.set(companyId, { totalTasks: open, scored: { sum: 0, count: 0 } });
  for (const s of sums) {
    const scored = scoreSum(s.total_tenths, s.tasks);
    figures.set(s.company_id, { totalTasks: (figures.get(s.company_id)?.totalTasks ?? 0) + scored.count, scored });
  }
  return figures;
}

/**
 * Sums of scored totals per month key ('YYYY-MM'), from month rows: one executive's, one company's, or the
 * given companies' together. Each company's month rows follow its own zone, as its leaderboards do.
 */
export async function monthlySums(em: EntityManager, scope: Scope | { companies: string[] }, keys: string[]): Promise<Map<string, ScoreSum>> {
  const sums = new Map<string, ScoreSum>();
  if (keys.length === 0 || ('companies' in scope && scope.companies.length === 0)) return sums;
  const fields = ['a.period_key as period_key', raw('sum(a.task_count) as tasks'), raw('sum(a.total_tenths) as total_tenths')];
  type Row = { period_key: string; tasks: Num; total_tenths: Num };
  const rows: Row[] =
    'assignedTo' in scope
      ? await em.createQueryBuilder(ScoreAggregate, 'a').select(fields).where({ user: scope.assignedTo, company: scope.company, periodKey: { $in: keys } }).groupBy('a.period_key').execute<Row[]>('all', false)
      : await em
          .createQueryBuilder(CompanyScoreAggregate, 'a')
          .select(fields)
          .where({ company: 'company' in scope ? scope.company : { $in: scope.companies }, periodKey: { $in: keys } })
          .groupBy('a.period_key')
          .execute<Row[]>('all', false);
  for (const r of rows) sums.set(r.period_key, scoreSum(r.total_tenths, r.tasks));
  return sums;
}

/**
 * How many active executives sit at each level by their all-time average (those with nothing scored are not
 * counted), every level listed in a fixed order: one row from the database (levelCutoff), not one per person.
 */
export async function levelDistribution(em: EntityManager, companyIds: string[]): Promise<LevelCount[]> {
  if (companyIds.length === 0) return PERFORMANCE_LEVELS.map((level) => ({ level, count: 0 }));
  const reaching = (as: string) => `sum(case when 2 * a.total_tenths >= ? * a.task_count then 1 else 0 end) as ${as}`;
  // The executive test is a correlated lookup by primary key, so the aggregates' (company, period) index
  // drives: as a join, SQLite scanned every user of every company first (93 ms against 54 ms at 10,000 users).
  const [row] = await readRows<{ people: Num; excellent: Num; satisfactory: Num }>(
    em,
    `select count(*) as people, ${reaching('excellent')}, ${reaching('satisfactory')} from score_aggregates a
     where a.company_id in (${placeholders(companyIds)}) and a.period_key = ? and a.task_count > 0
       and exists (select 1 from users u where u.id = a.user_id and u.company_id = a.company_id and u.role = 'executive' and u.is_active = ?)`,
    [levelCutoff(LEVEL_THRESHOLDS.excellent), levelCutoff(LEVEL_THRESHOLDS.satisfactory), ...companyIds, ALL_TIME, true],
  );
  const counts: Record<PerformanceLevel, number> = {
    excellent: num(row.excellent),
    satisfactory: num(row.satisfactory) - num(row.excellent),
    underperforming: num(row.people) - num(row.satisfactory),
  };
  return PERFORMANCE_LEVELS.map((level) => ({ level, count: counts[level] }));
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

/**
 * Sums of scored totals per department, over the all-time rows of the company's active executives. The users are
 * named by company as in the standings (standings.query.ts): PostgreSQL then reads only the company's.
 */
export async function scoresByDepartment(em: EntityManager, companyId: string): Promise<Map<string, ScoreSum>> {
  const rows = await readRows<{ department: string; total_tenths: Num; tasks: Num }>(
    em,
    `select u.department as department, sum(a.total_tenths) as total_tenths, sum(a.task_count) as tasks
     from score_aggregates a cross join users u
     where u.id = a.user_id and u.company_id = a.company_id and a.company_id = ? and a.period_key = ? and u.role = 'executive' and u.is_active = ?
     group by u.department`,
    [companyId, ALL_TIME, true],
  );
  return new Map(rows.map((r) => [r.department, scoreSum(r.total_tenths, r.tasks)]));
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

export function badgeCount(em: EntityManager, userId: string, companyId: string): Promise<number> {
  return em.count(UserBadge, { user: userId, company: companyId });
}
