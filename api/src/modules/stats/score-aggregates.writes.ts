import type { SqlCondition } from '../../common/paging/keyset';
import { inParallel } from '../../database/in-parallel';
import type { AggregateDelta } from './score-aggregates.rules';

/**
 * The statements that keep the aggregate tables in step with the tasks table. Plain SQL that reads the same on
 * SQLite and PostgreSQL (`insert … on conflict … do update` exists in both), run through the caller's
 * transaction, so a change to a task and to its aggregates commit together or not at all.
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
