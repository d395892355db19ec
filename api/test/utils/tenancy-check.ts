import type { MikroORM } from '@mikro-orm/core';
import type { QueryOrigin } from '../../src/common/request-scope/origin';
import { currentQueryOrigin } from '../../src/common/tenancy/query-origin';
import { watchOrmStatements, watchReadConnections, type StatementListener } from './statement-watch';

/**
 * The e2e suites' tenancy check (docs/tenancy.md). Every SQL statement an admin's or executive's request runs
 * is read as it goes to the database; one that touches a tenant table (a table with a `company_id` column)
 * must carry a `company_id` predicate bound to the caller's own company. The one other way through: a
 * statement that names rows by primary key only, when every id it names was returned by an already checked
 * statement of the same request (the unit of work's `update … where id = ?` of a row the request loaded
 * through its scope, a relation loaded from such a row), or inserted by one. A lookup by id followed by a
 * company check in code does not pass: the lookup itself is unscoped.
 * Statements outside a signed-in request (start-up, seeds, jobs, the outbox, sockets), the superadmin's, and
 * those a call site runs in `Scope.acrossCompanies(reason, …)` are not checked.
 */

export interface CheckedStatement {
  sql: string;
  bindings: readonly unknown[];
  /** The caller's company. */
  companyId: string;
  /** Ids this request has already reached through checked statements. */
  knownIds: ReadonlySet<string>;
}

export interface Violation {
  route: string;
  role: string;
  sql: string;
  bindings: readonly unknown[];
  reason: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TABLE_REFERENCE = /\b(?:from|join|into|update)\s+([a-z_][a-z0-9_]*)/g;
const COMPANY_PREDICATE = /\bcompany_id\s*(?:=|in\s*\()\s*(?:\?|\$\d+|'[^']*')/;
const INSERT_WITH_COMPANY = /^\s*insert\s+into\s+[a-z_][a-z0-9_]*\s*\([^)]*\bcompany_id\b/;
const QUOTED = /'([^']*)'/g;
const ID_PREDICATE = /(?:^|[\s.(])id\s*(?:=|in\s*\()/;

/** SQL lower-cased with identifier quotes removed, so `"t0"."company_id"` reads `t0.company_id`. */
export const normalise = (sql: string): string => sql.replace(/[`"]/g, '').toLowerCase();

/** The tenant tables a statement reads or writes. */
export function tenantTablesIn(sql: string, tenantTables: ReadonlySet<string>): string[] {
  const touched = new Set<string>();
  for (const match of normalise(sql).matchAll(TABLE_REFERENCE)) if (tenantTables.has(match[1])) touched.add(match[1]);
  return [...touched];
}

/** Why a statement breaks the tenancy rule, or null when it keeps it. */
export function tenancyProblem(statement: CheckedStatement, tenantTables: ReadonlySet<string>): string | null {
  const tables = tenantTablesIn(statement.sql, tenantTables);
  if (tables.length === 0) return null;
  const sql = normalise(statement.sql);
  // MikroORM inlines most values into the SQL text; plain SQL and knex keep them as bindings. Both count.
  const values = valuesIn(sql, statement.bindings);
  const bindsOwnCompany = values.includes(statement.companyId.toLowerCase());
  if (COMPANY_PREDICATE.test(sql) || INSERT_WITH_COMPANY.test(sql)) {
    return bindsOwnCompany ? null : `the company_id of ${tables.join(', ')} is bound to another company`;
  }
  const ids = values.filter((v) => UUID.test(v));
  const where = sql.includes(' where ') ? sql.slice(sql.indexOf(' where ')) : '';
  if (ID_PREDICATE.test(where) && ids.length > 0 && ids.every((id) => statement.knownIds.has(id))) return null;
  return `no company_id predicate on ${tables.join(', ')}`;
}

/** The string values of a statement, lower-cased: its bindings and the literals inlined in its text. */
const valuesIn = (sql: string, bindings: readonly unknown[]): string[] => [
  ...bindings.filter((b): b is string => typeof b === 'string').map((b) => b.toLowerCase()),
  ...[...normalise(sql).matchAll(QUOTED)].map((m) => m[1]),
];

/** The ids a statement names, in its bindings or inlined in its text. */
const idsIn = (sql: string, bindings: readonly unknown[]): string[] => valuesIn(sql, bindings).filter((v) => UUID.test(v));

/** The tables of an ORM's entities that carry a company column. */
export function tenantTablesOf(orm: MikroORM): Set<string> {
  const tables = new Set<string>();
  for (const meta of Object.values(orm.getMetadata().getAll())) {
    if (meta.embeddable || meta.virtual || !meta.tableName) continue;
    if (Object.values(meta.properties).some((p) => p.fieldNames?.includes('company_id'))) tables.add(meta.tableName);
  }
  return tables;
}

const found: Violation[] = [];
let checkedCount = 0;

/** How many statements the check has read so far: proof, for its own e2e test, that it sees anything at all. */
export const statementsChecked = (): number => checkedCount;

/** The violations seen since the last call, cleared (the jest setup fails the test that caused them). */
export function takeViolations(): Violation[] {
  return found.splice(0, found.length);
}

/** The read connections' watch, one per process: it reads the request from the query origin, so it serves every app. */
let readsWatched: StatementListener | undefined;

/** Watches every statement an app sends; violations are collected for `takeViolations`. */
export function watchTenancy(orm: MikroORM): void {
  const tenantTables = tenantTablesOf(orm);
  const knownIds = new WeakMap<QueryOrigin, Set<string>>();

  const idsOf = (origin: QueryOrigin): Set<string> => {
    let ids = knownIds.get(origin);
    if (!ids) knownIds.set(origin, (ids = new Set([origin.actor.userId])));
    return ids;
  };

  /** Checks one statement of the current request; true when it was checked and passed (its rows may be learnt). */
  const check = (origin: QueryOrigin, sql: string, bindings: readonly unknown[]): boolean => {
    if (origin.acrossCompanies || (origin.actor.role !== 'admin' && origin.actor.role !== 'executive')) return false;
    checkedCount++;
    const ids = idsOf(origin);
    const problem = tenancyProblem({ sql, bindings: [...bindings], companyId: origin.actor.companyId ?? '', knownIds: ids }, tenantTables);
    if (problem) {
      found.push({ route: origin.route, role: origin.actor.role, sql, bindings: [...bindings], reason: problem });
      return false;
    }
    // A row this request inserts through a checked statement is its own from then on.
    if (/^\s*insert\b/i.test(sql)) for (const id of idsIn(sql, [...bindings])) ids.add(id);
    return true;
  };

  /** The ids a checked statement answered with are the request's to name by primary key afterwards. */
  const learn = (origin: QueryOrigin, rows: readonly unknown[]): void => {
    const ids = idsOf(origin);
    for (const row of rows) {
      if (row && typeof row === 'object') for (const value of Object.values(row)) if (typeof value === 'string' && UUID.test(value)) ids.add(value);
    }
  };

  const listener: StatementListener = (sql, params) => {
    const origin = currentQueryOrigin();
    if (!origin || !check(origin, sql, params)) return;
    return (rows) => learn(origin, rows);
  };
  watchOrmStatements(orm, listener);
  if (!readsWatched) watchReadConnections((sql, params) => readsWatched?.(sql, params));
  readsWatched = listener;
}

/** One line per violation: the route and role, why, and the statement with its values. */
export function describeViolations(violations: readonly Violation[]): string {
  return violations
    .map((v) => `${v.route} as ${v.role}: ${v.reason}\n  ${v.sql}\n  values: ${JSON.stringify(v.bindings)}`)
    .join('\n');
}
