import { monthKey, monthOf, monthRange } from '../../common/periods/periods';
import type { SqlCondition } from '../../common/paging/keyset';
import { inParallel } from '../../database/in-parallel';
import { ALL_TIME, type AggregateDelta } from './score-aggregates.rules';

/**
 * The score aggregates' repository: every statement on the aggregate tables. They keep in step with the tasks
 * table through plain SQL that reads the same on SQLite and PostgreSQL (`insert … on conflict … do update` exists
 * in both), run through the caller's transaction, so a change to a task and to its aggregates commit together or
 * not at all; and a company's rows can be rebuilt from its scored tasks.
 */

export type Execute = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

const FIGURES = ['task_count', 'total_tenths', 'quality_tenths', 'time_tenths', 'initiative_tenths'] as const;
const values = (d: AggregateDelta) => [d.tasks, d.totalTenths, d.qualityTenths, d.timeTenths, d.initiativeTenths];
const addExcluded = (table: string) => FIGURES.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ');
const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** Adds `delta` to one user's rows and to the company's rows of each key; rows left with no task go. */
export async function applyDelta(execute: Execute, target: { companyId: string; userId: string; keys: string[] }, delta: AggregateDelta): Promise<void> {
  const { companyId, userId, keys } = target;
  // Different rows: the user's and the company's upserts go together, as do the two clean-ups after them.
  await inParallel([
    execute(
      `insert into score_aggregates (company_id, period_key, user_id, ${FIGURES.join(', ')}) values ${keys.map(() => `(${marks(8)})`).join(', ')}
       on conflict (company_id, period_key, user_id) do update set ${addExcluded('score_aggregates')}`,
      keys.flatMap((key) => [companyId, key, userId, ...values(delta)]),
    ),
    addToCompany(execute, companyId, keys.map((key) => ({ key, delta }))),
  ]);
  if (delta.tasks < 0) {
    await inParallel([
      execute(`delete from score_aggregates where company_id = ? and user_id = ? and period_key in (${marks(keys.length)}) and task_count <= 0`, [companyId, userId, ...keys]),
      execute(`delete from company_score_aggregates where company_id = ? and period_key in (${marks(keys.length)}) and task_count <= 0`, [companyId, ...keys]),
    ]);
  }
}

async function addToCompany(execute: Execute, companyId: string, rows: { key: string; delta: AggregateDelta }[]): Promise<void> {
  if (rows.length === 0) return;
  await execute(
    `insert into company_score_aggregates (company_id, period_key, ${FIGURES.join(', ')}) values ${rows.map(() => `(${marks(7)})`).join(', ')}
     on conflict (company_id, period_key) do update set ${addExcluded('company_score_aggregates')}`,
    rows.flatMap((r) => [companyId, r.key, ...values(r.delta)]),
  );
}

/**
 * Before a user is deleted (their tasks go with them by cascade, their own rows too): takes what they
 * contributed away from their company's rows.
 */
export async function subtractUser(execute: Execute, userId: string, company: SqlCondition): Promise<void> {
  const rows = await execute(`select company_id, period_key, ${FIGURES.join(', ')} from score_aggregates where ${company.sql} and user_id = ?`, [...company.params, userId]);
  const byCompany = new Map<string, { key: string; delta: AggregateDelta }[]>();
  for (const r of rows) {
    const companyId = String(r.company_id);
    const delta: AggregateDelta = {
      tasks: -Number(r.task_count),
      totalTenths: -Number(r.total_tenths),
      qualityTenths: -Number(r.quality_tenths),
      timeTenths: -Number(r.time_tenths),
      initiativeTenths: -Number(r.initiative_tenths),
    };
    byCompany.set(companyId, [...(byCompany.get(companyId) ?? []), { key: String(r.period_key), delta }]);
  }
  for (const [companyId, deltas] of byCompany) {
    await addToCompany(execute, companyId, deltas);
    await execute('delete from company_score_aggregates where company_id = ? and task_count <= 0', [companyId]);
  }
}

/**
 * Recomputes a company's aggregate rows from its scored tasks: used by the migration that introduced them
 * (existing databases), when a company changes its time zone (its tasks fall into other months), after the
 * demo seed, and by the consistency test. One grouped insert per month the company has scores in, over the
 * (company, scored_at) index; years and all-time are then summed from the months, the company rows from
 * the users'. Month bounds come from periods.ts, so the zone rules are the same as the live scoring's.
 */
export async function rebuildScoreAggregates(execute: Execute, toDbDate: (d: Date) => unknown, company: { id: string; timeZone: string }): Promise<void> {
  await execute('delete from score_aggregates where company_id = ?', [company.id]);
  await execute('delete from company_score_aggregates where company_id = ?', [company.id]);
  const [span] = await execute('select min(scored_at) as first_at, max(scored_at) as last_at from tasks where company_id = ? and total_score is not null', [company.id]);
  if (!span || span.first_at === null || span.first_at === undefined) return;

  const tenths = (column: string) => `cast(sum(round(coalesce(${column}, 0) * 10)) as bigint)`;
  const first = monthOf(new Date(span.first_at as string | number), company.timeZone);
  const last = monthOf(new Date(span.last_at as string | number), company.timeZone);
  for (let { year, month } = first; year < last.year || (year === last.year && month <= last.month); month === 12 ? ((month = 1), year++) : month++) {
    const range = monthRange(company.timeZone, year, month);
    await execute(
      `insert into score_aggregates (company_id, period_key, user_id, task_count, total_tenths, quality_tenths, time_tenths, initiative_tenths)
       select company_id, ?, assigned_to_id, count(*), ${tenths('total_score')}, ${tenths('quality_score')}, ${tenths('time_score')}, ${tenths('initiative_score')}
       from tasks where company_id = ? and scored_at >= ? and scored_at < ? and total_score is not null
       group by company_id, assigned_to_id`,
      [monthKey(year, month), company.id, toDbDate(range.start), toDbDate(range.end)],
    );
  }
  const sums = 'sum(task_count), sum(total_tenths), sum(quality_tenths), sum(time_tenths), sum(initiative_tenths)';
  const columns = 'task_count, total_tenths, quality_tenths, time_tenths, initiative_tenths';
  await execute(
    `insert into score_aggregates (company_id, period_key, user_id, ${columns})
     select company_id, substr(period_key, 1, 4), user_id, ${sums} from score_aggregates
     where company_id = ? and length(period_key) = 7 group by company_id, substr(period_key, 1, 4), user_id`,
    [company.id],
  );
  await execute(
    `insert into score_aggregates (company_id, period_key, user_id, ${columns})
     select company_id, ?, user_id, ${sums} from score_aggregates
     where company_id = ? and length(period_key) = 4 group by company_id, user_id`,
    [ALL_TIME, company.id],
  );
  await execute(
    `insert into company_score_aggregates (company_id, period_key, ${columns})
     select company_id, period_key, ${sums} from score_aggregates where company_id = ? group by company_id, period_key`,
    [company.id],
  );
}

/** Every company, as the migration and the demo seed need it. */
export async function rebuildAllScoreAggregates(execute: Execute, toDbDate: (d: Date) => unknown): Promise<void> {
  const companies = await execute('select id, time_zone from companies');
  for (const c of companies) await rebuildScoreAggregates(execute, toDbDate, { id: String(c.id), timeZone: String(c.time_zone) });
}
