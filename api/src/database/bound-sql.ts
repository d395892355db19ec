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

/** Statements waiting for their turn on one PostgreSQL transaction, and whether a batch of them is on the wire. */
interface Turns {
  waiting: { sql: string; resolve: (rows: unknown[]) => void; reject: (err: unknown) => void }[];
  busy: boolean;
}

const turns = new WeakMap<object, Turns>();

/** A batch's length bound: the texts are small, but one multi-statement text should stay a few kB. */
const MAX_BATCH = 32;

/**
 * On PostgreSQL a transaction's statements take turns on its connection, in the order they were sent, and those
 * that wait go together: every statement sent while the connection is busy (or in the same turn of the event loop,
 * e.g. the writes sent together by database/in-parallel.ts) is sent as one multi-statement text, one round trip
 * for all of them instead of one each. The `pg` client runs a text without parameters as a simple query, so the
 * values are written into each statement first, as MikroORM's `execute` writes them (its platform's
 * `formatQuery`), and each statement's rows come back on their own. A failed statement fails its batch and the
 * transaction (PostgreSQL aborts it), so every statement of that batch is rejected with the error and those sent
 * later fail on the aborted transaction as they would have anyway. Outside a transaction the statement runs at
 * once on a connection of its own.
 */
function inTurn<T>(em: EntityManager, sql: string, params: readonly unknown[]): Promise<T[]> {
  const trx = em.isInTransaction() ? em.getTransactionContext<object>() : undefined;
  if (!trx) return em.execute<T[]>(sql, [...params]);
  let line = turns.get(trx);
  if (!line) turns.set(trx, (line = { waiting: [], busy: false }));
  const text = em.getPlatform().formatQuery(sql, [...params]);
  const queued = new Promise<T[]>((resolve, reject) => line.waiting.push({ sql: text, resolve: resolve as (rows: unknown[]) => void, reject }));
  if (!line.busy) {
    line.busy = true;
    // After this turn's other statements: those of a unit of work's independent steps (each an async function
    // that may await a little first) join the same batch.
    setImmediate(() => void sendWaiting(em, line));
  }
  return queued;
}

/** Sends what waits on `line`, a batch at a time, until nothing does. */
async function sendWaiting(em: EntityManager, line: Turns): Promise<void> {
  while (line.waiting.length) {
    const batch = line.waiting.splice(0, MAX_BATCH);
    try {
      const result = await em.execute<unknown[]>(batch.map((s) => s.sql).join(';\n'));
      // One statement answers with its rows; several with one array of rows each (the driver's results, in order).
      const rows = batch.length === 1 ? [result] : (result as unknown as unknown[][]);
      batch.forEach((s, i) => s.resolve(rows[i] ?? []));
    } catch (err) {
      batch.forEach((s) => s.reject(err));
    }
  }
  line.busy = false;
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
 * outside a transaction, the ORM's `execute` runs it (batched with the statements sent with it, on PostgreSQL: `inTurn`).
 */
export async function execute<T = unknown>(em: EntityManager, sql: string, params: readonly unknown[] = []): Promise<T[]> {
  const trx = sqliteTransaction(em);
  if (!trx) return inTurn<T>(em, sql, params);
  try {
    return await allRows<T>(await heldConnection<RowSource>(trx), sql, params);
  } catch (err) {
    // As the ORM reports it (a unique violation as UniqueConstraintViolationException, and so on).
    throw em.getDriver().convertException(err as Error);
  }
}
