import type { EntityManager } from '@mikro-orm/knex';
import type { StandingRow } from './ranking';
import { readRows } from '../../database/read-rows';

type Num = number | string;
interface AggregateRow {
  user_id: string;
  name: string;
  department: string;
  total_tenths: Num;
  tasks: Num;
}

/**
 * Period rows of the company's active executives (those with nothing scored have none), in plain SQL. The users
 * are named by company too, so PostgreSQL reads the company's from its (company, role) index instead of hashing
 * every user of every company (docs/benchmarks.md, the plans); the CROSS JOIN keeps SQLite's order (the aggregates'
 * index first, then each user by key), which a plain join with that predicate turns around.
 */
const RANKED = `score_aggregates a cross join users u
  where u.id = a.user_id and u.company_id = a.company_id and a.company_id = ? and a.period_key = ? and u.role = 'executive' and u.is_active = ?`;
const COLUMNS = 'a.user_id as user_id, u.name as name, u.department as department, a.total_tenths as total_tenths, a.task_count as tasks';

/** The active executives of a company: the "of N" of every rank. */
export const EXECUTIVE_COUNT = `select count(*) as n from users where company_id = ? and role = 'executive' and is_active = ?`;

const toStandingRow = (r: AggregateRow): StandingRow => ({ userId: r.user_id, name: r.name, department: r.department, total: Number(r.total_tenths) / 10, tasks: Number(r.tasks) });

/**
 * Per active executive, the sum and count of the totals of their tasks scored in the period ('2026-03' or
 * '2026'): one read of the period's aggregate rows (docs/aggregates.md), one row per executive whatever the
 * number of tasks behind it.
 */
export async function standingRows(em: EntityManager, companyId: string, key: string): Promise<StandingRow[]> {
  const rows = await readRows<AggregateRow>(em, `select ${COLUMNS} from ${RANKED}`, [companyId, key, true]);
  return rows.map(toStandingRow);
}

// The `size`-th best total: the executive test is a correlated lookup by primary key, so the planner walks
// the aggregates' index from the top. As a join, SQLite chose users as the outer loop and built an automatic
// index on them for every request (7 ms against 0.2 ms for 1,000 executives).
const TOP = `from ${RANKED}
     and a.total_tenths >= coalesce((select t.total_tenths from score_aggregates t
       where t.company_id = ? and t.period_key = ?
         and exists (select 1 from users x where x.id = t.user_id and x.company_id = t.company_id and x.role = 'executive' and x.is_active = ?)
       order by t.total_tenths desc limit 1 offset ?), -1)`;
const topParams = (companyId: string, key: string, size: number) => [companyId, key, true, companyId, key, true, size - 1];

/**
 * The period rows that can reach the first `size` places: every active executive whose total is at least the
 * `size`-th best (all of them when fewer), ties included, so ranking them gives the same top as ranking
 * everyone. One query walking the (company, period, total) index from the top: its cost follows `size`, not
 * the company.
 */
export async function topStandingRows(em: EntityManager, companyId: string, key: string, size: number): Promise<StandingRow[]> {
  const rows = await readRows<AggregateRow>(em, `select ${COLUMNS} ${TOP}`, topParams(companyId, key, size));
  return rows.map(toStandingRow);
}

/** A company's id and zone with its active executive count, in one statement (see `companyZone`). */
export async function companyZoneWithExecutives(em: EntityManager, companyId: string): Promise<{ id: string; timeZone: string; executives: number } | null> {
  const [row] = await readRows<{ id: string; time_zone: string; executives: Num }>(
    em,
    `select c.id as id, c.time_zone as time_zone, (${EXECUTIVE_COUNT}) as executives from companies c where c.id = ?`,
    [companyId, true, companyId],
  );
  return row ? { id: row.id, timeZone: row.time_zone, executives: Number(row.executives) } : null;
}

/**
 * A company's id and zone as plain data. The scoring path reads it this way on purpose: a managed Company
 * entity loaded there was written back on every flush (MikroORM saw its SQLite `created_at` as changed),
 * one more write per scoring, and on PostgreSQL a lock on the company's row until commit.
 */
export async function companyZone(em: EntityManager, companyId: string): Promise<{ id: string; timeZone: string } | null> {
  const [row] = await readRows<{ id: string; time_zone: string }>(em, 'select id, time_zone from companies where id = ?', [companyId]);
  return row ? { id: row.id, timeZone: row.time_zone } : null;
}

/** Active executives of the company: the "of N" of every rank. */
export async function activeExecutiveCount(em: EntityManager, companyId: string): Promise<number> {
  const [row] = await readRows<{ n: Num }>(em, EXECUTIVE_COUNT, [companyId, true]);
  return Number(row?.n ?? 0);
}
