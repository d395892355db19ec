import type { EntityManager } from '@mikro-orm/knex';
import { onSqlite } from './dialect';
import type { SqliteDatabase } from './sqlite-driver';

/**
 * Sees a statement sent with bound parameters (here or on the read connection, read-rows.ts), which bypasses the
 * ORM's `execute`; may return a function that then receives its rows. Tests use it (statement counts, the tenancy
 * check); the app registers none.
 */
export type StatementListener = (sql: string, params: readonly unknown[]) => ((rows: readonly unknown[]) => void) | void;
const listeners = new Set<StatementListener>();

/** Starts watching the statements sent with bound parameters; the returned function stops it. */
export function observeStatements(listener: StatementListener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** SQLite binds no booleans: the ORM's connection turns them into 1 and 0, and so does this. */
const bindable = (params: readonly unknown[]) => params.map((p) => (typeof p === 'boolean' ? Number(p) : p));

/** Runs `sql` on a raw sqlite3 connection with its parameters bound, telling the listeners. */
export function allRows<T>(connection: SqliteDatabase, sql: string, params: readonly unknown[]): Promise<T[]> {
  const seen = listeners.size ? [...listeners].map((listener) => listener(sql, params)) : [];
  return new Promise((resolve, reject) =>
    connection.all(sql, bindable(params), (err, rows) => {
      if (err) return reject(err);
      for (const receive of seen) receive?.(rows);
      resolve(rows as T[]);
    }),
  );
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

interface KnexTransaction {
  isCompleted(): boolean;
  client: { acquireConnection(): Promise<unknown> };
}

const connections = new WeakMap<KnexTransaction, Promise<SqliteDatabase>>();

/** The SQLite connection an open transaction holds (the pool has one), or null on PostgreSQL or outside one. */
function transactionConnection(em: EntityManager): Promise<SqliteDatabase> | null {
  if (!em.isInTransaction() || !onSqlite(em)) return null;
  const trx = em.getTransactionContext<KnexTransaction>()!;
  // Nothing may run on the connection once the transaction is over: it may already be another's.
  if (trx.isCompleted()) throw new Error('The transaction is already complete');
  let connection = connections.get(trx);
  if (!connection) {
    // A transaction's knex client hands out the one connection it holds.
    connection = trx.client.acquireConnection() as Promise<SqliteDatabase>;
    connections.set(trx, connection);
  }
  return connection;
}

/**
 * One hand-written statement; resolves with its rows (none for a write without `returning`). On SQLite inside a
 * transaction it goes straight to the transaction's connection with its parameters bound. MikroORM's `execute`
 * instead writes every parameter into the SQL text (its `formatQuery`) and sends that through knex: each text is
 * new, so SQLite prepares every statement afresh (a trip to the thread pool of its own, and a finalize on the main
 * thread), and quoting the values cost more than running most statements. Bound, a text repeats and its prepared
 * statement is kept (statement-cache.ts). A scoring runs a dozen statements this way (docs/benchmarks.md). On
 * PostgreSQL, and outside a transaction, the ORM's `execute` runs it (in turn, on PostgreSQL: `inTurn`).
 */
export async function execute<T = unknown>(em: EntityManager, sql: string, params: readonly unknown[] = []): Promise<T[]> {
  const connection = transactionConnection(em);
  if (!connection) return inTurn(em, () => em.execute<T[]>(sql, [...params]));
  try {
    return await allRows<T>(await connection, sql, params);
  } catch (err) {
    // As the ORM reports it (a unique violation as UniqueConstraintViolationException, and so on).
    throw em.getDriver().convertException(err as Error);
  }
}
