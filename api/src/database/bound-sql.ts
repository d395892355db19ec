import { tracingChannel } from 'node:diagnostics_channel';
import type { EntityManager, Knex } from '@mikro-orm/knex';
import { onSqlite } from './dialect';
import { heldConnection } from './knex-transaction';

/** SQLite binds no booleans: the ORM's connection turns them into 1 and 0, and so does this. */
const bindable = (params: readonly unknown[]) => params.map((p) => (typeof p === 'boolean' ? Number(p) : p));

/** What a connection of our own must offer to run a read (statement-cache.ts). */
export interface RowSource {
  all(sql: string, params: unknown, callback: (err: Error | null, rows?: unknown) => void): unknown;
}

/**
 * The statements the api sends past knex (the read connection's, read-rows.ts, and those inside a transaction on
 * SQLite), published on a diagnostics channel
 * (node:diagnostics_channel) as knex publishes its own on its `query` events: `start` with `{ sql, params }`, then
 * `asyncEnd` with `result` (the rows) or `error`. It costs nothing while nobody subscribes; the e2e suites' tenancy
 * check and statement counts do, and so could an APM.
 */
export const SQL_CHANNEL = tracingChannel<unknown, { sql: string; params: readonly unknown[] }>('kpi:sql');

/** Runs `sql` on a connection of our own with its parameters bound. */
export function allRows<T>(connection: RowSource, sql: string, params: readonly unknown[]): Promise<T[]> {
  const run = () =>
    new Promise<T[]>((resolve, reject) => connection.all(sql, bindable(params), (err, rows) => (err ? reject(err) : resolve(rows as T[]))));
  return SQL_CHANNEL.hasSubscribers ? SQL_CHANNEL.tracePromise(run, { sql, params }) : run();
}

const turns = new WeakMap<object, Promise<unknown>>();

/**
 * On PostgreSQL a transaction's statements take turns on its connection, in the order they were sent: the `pg`
 * client queues a query sent while another runs, but that queue is deprecated (pg 9 drops it). Statements sent
 * together (database/in-parallel.ts) then simply run one after another, as the client would have run them. A
 * failed statement does not hold up the next (PostgreSQL fails it too: the transaction is aborted). Elsewhere the
 * statement runs at once: SQLite's driver orders its own statements, and outside a transaction each query has a
 * connection of its own.
 */
function inTurn<T>(em: EntityManager, run: () => Promise<T>): Promise<T> {
  const trx = em.isInTransaction() ? em.getTransactionContext<object>() : undefined;
  if (!trx) return run();
  const next = (turns.get(trx) ?? Promise.resolve()).then(run, run);
  turns.set(trx, next.catch(() => undefined));
  return next;
}

/** The knex transaction an em holds on SQLite (the pool's one connection), or null on PostgreSQL or outside one. */
function sqliteTransaction(em: EntityManager): Knex.Transaction | null {
  if (!em.isInTransaction() || !onSqlite(em)) return null;
  const trx = em.getTransactionContext<Knex.Transaction>()!;
  // Nothing may run on the connection once the transaction is over: it may already be another's.
  if (trx.isCompleted()) throw new Error('The transaction is already complete');
  return trx;
}

/**
 * One hand-written statement; resolves with its rows (none for a write without `returning`). On SQLite inside a
 * transaction it goes straight to the connection the transaction holds (knex-transaction.ts), its parameters bound. MikroORM's `execute`
 * instead writes every parameter into the SQL text (its `formatQuery`): each text is new, so SQLite prepares every
 * statement afresh (a trip to the thread pool of its own, and a finalize on the main thread), and quoting the
 * values cost more than running most statements. Bound, a text repeats and its prepared statement is kept
 * (statement-cache.ts). A scoring runs a dozen statements this way (docs/benchmarks.md). On PostgreSQL, and
 * outside a transaction, the ORM's `execute` runs it (in turn, on PostgreSQL: `inTurn`).
 */
export async function execute<T = unknown>(em: EntityManager, sql: string, params: readonly unknown[] = []): Promise<T[]> {
  const trx = sqliteTransaction(em);
  if (!trx) return inTurn(em, () => em.execute<T[]>(sql, [...params]));
  try {
    return await allRows<T>(await heldConnection<RowSource>(trx), sql, params);
  } catch (err) {
    // As the ORM reports it (a unique violation as UniqueConstraintViolationException, and so on).
    throw em.getDriver().convertException(err as Error);
  }
}
