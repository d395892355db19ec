import type { EntityName } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/knex';
import type { Scope } from '../common/tenancy/scope';
import { execute } from './bound-sql';
import { onPostgreSql } from './dialect';

/**
 * Locks one row until the surrounding transaction ends, so two requests changing the same row (a double
 * submit, two admins scoring at once) run one after the other and the second sees the first's result.
 * SQLite already runs write transactions one at a time and has no FOR UPDATE, so there it does nothing.
 * Within the scope's company: another company's row is neither locked nor waited for. On PostgreSQL a read sent
 * in the same turn goes after it in one round trip (bound-sql.ts) and sees the row as the lock found it.
 */
export async function lockRow<T extends object>(em: EntityManager, entity: EntityName<T>, id: string, scope: Scope): Promise<void> {
  if (!onPostgreSql(em)) return;
  const meta = em.getMetadata().get(entity);
  const company = scope.sql('"company_id"');
  await execute(em, `select 1 from "${meta.tableName}" where "${meta.primaryKeys[0]}" = ? and ${company.sql} for update`, [id, ...company.params]);
}

/**
 * Locks every row of `table` whose `column` is `value`, in id order (two callers never wait on each other
 * crosswise), until the surrounding transaction ends: e.g. all of a person's tasks before their aggregates are
 * read, so a scoring of one of them in flight finishes first. Named by table and columns because the caller reads
 * that table in SQL of its own (the score aggregates read the tasks table). A no-op on SQLite, as lockRow; within
 * the scope's company.
 */
export async function lockTableRowsWhere(em: EntityManager, at: { table: string; column: string; id: string }, value: string, scope: Scope): Promise<void> {
  if (!onPostgreSql(em)) return;
  const company = scope.sql('"company_id"');
  await execute(em, `select 1 from "${at.table}" where "${at.column}" = ? and ${company.sql} order by "${at.id}" for update`, [value, ...company.params]);
}
