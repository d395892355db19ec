import type { Statement } from 'sqlite3';
import { loadSqlite3, type SqliteDatabase } from './sqlite-driver';

/** Prepared statements kept per connection; the least recently used one is finalized past this. */
export const STATEMENT_CACHE_SIZE = 256;
/** Longer texts are one-off bulk statements (seeding, big multi-row inserts): not worth keeping. */
const MAX_CACHED_SQL_LENGTH = 4_000;

type Callback = (this: Statement, err: Error | null, result?: unknown) => void;

interface Entry {
  statement: Statement;
  /** Callers queued while the statement is being prepared; null once it is. */
  preparing: Callback[] | null;
}

/** Writes without `returning` finish in the one step `run` takes; anything else might leave its statement open. */
const finishesInOneStep = (sql: string) => /^\s*(insert|update|delete)\s/i.test(sql) && !/\sreturning\s/i.test(sql);

/**
 * Makes `all` and `run` of one sqlite3 connection reuse prepared statements, a text's from its second run on. The
 * driver's own `all` and `run` prepare, run and finalize a statement for every call: two trips to the thread pool,
 * and a finalize on the main thread that waits for the connection's lock while another statement runs. A kept
 * statement is one trip. The statements sent with bound parameters (bound-sql.ts, read-rows.ts) and the ORM's
 * BEGIN and COMMIT repeat; every trip saved is one wake-up of a pool thread and of the event loop less, and
 * those wake-ups were a scoring's latency tail (docs/benchmarks.md).
 *
 * A kept statement holds no lock between calls: `all` steps it to its end, and `run` is kept only for writes,
 * which end in their first step. `close` finalizes them first, since SQLite refuses to close with any left.
 */
export function cacheStatements(db: SqliteDatabase, capacity = STATEMENT_CACHE_SIZE): SqliteDatabase {
  // The constructor's callback hears of success too (`db.prepare`'s only of failure); its typings omit the arguments.
  const PreparedStatement = loadSqlite3().Statement as unknown as new (db: SqliteDatabase, sql: string, prepared: (err: Error | null) => void) => Statement;
  const entries = new Map<string, Entry>(); // in order of use, the least recent first
  // Texts run once so far. The ORM writes its values into its SQL, so most of its texts never come back: a text
  // is kept from its second run on, and one-offs are never prepared twice nor crowd out the statements that repeat.
  const seenOnce = new Set<string>();
  const uncachedAll = db.all.bind(db) as (sql: string, params: unknown, cb: Callback) => void;
  const uncachedRun = db.run.bind(db) as (sql: string, params: unknown, cb: Callback) => void;
  const close = db.close.bind(db);

  const entryFor = (sql: string): Entry => {
    const kept = entries.get(sql);
    if (kept) {
      entries.delete(sql);
      entries.set(sql, kept);
      return kept;
    }
    const entry: Entry = {
      statement: new PreparedStatement(db, sql, (err: Error | null) => {
        const waiting = entry.preparing ?? [];
        entry.preparing = null;
        if (!err) return;
        // The driver drops the calls queued on a statement that failed to prepare: answer them here.
        if (entries.get(sql) === entry) entries.delete(sql);
        for (const callback of waiting) callback.call(entry.statement, err);
      }),
      preparing: [],
    };
    entries.set(sql, entry);
    if (entries.size > capacity) {
      const [oldest, evicted] = entries.entries().next().value!;
      entries.delete(oldest);
      // Queued behind whatever the statement still has to run.
      evicted.statement.finalize();
    }
    return entry;
  };

  /** Whether `sql` runs as a kept statement: from its second run on. */
  const admit = (sql: string): boolean => {
    if (entries.has(sql) || seenOnce.delete(sql)) return true;
    if (seenOnce.size >= capacity * 4) seenOnce.clear();
    seenOnce.add(sql);
    return false;
  };

  const call = (method: 'all' | 'run', sql: string, params: unknown, callback: Callback) => {
    const entry = entryFor(sql);
    entry.preparing?.push(callback);
    (entry.statement[method] as (params: unknown, cb: Callback) => void)(params ?? [], callback);
  };

  const cached = {
    all(sql: string, params: unknown, callback?: Callback): SqliteDatabase {
      if (typeof params === 'function') return cached.all(sql, [], params as Callback);
      if (!callback || sql.length > MAX_CACHED_SQL_LENGTH || !admit(sql)) uncachedAll(sql, params, callback!);
      else call('all', sql, params, callback);
      return db;
    },
    run(sql: string, params: unknown, callback?: Callback): SqliteDatabase {
      if (typeof params === 'function') return cached.run(sql, [], params as Callback);
      if (!callback || sql.length > MAX_CACHED_SQL_LENGTH || !finishesInOneStep(sql) || !admit(sql)) uncachedRun(sql, params, callback!);
      else call('run', sql, params, callback);
      return db;
    },
    close(callback?: (err: Error | null) => void): void {
      for (const { statement } of entries.values()) statement.finalize();
      entries.clear();
      seenOnce.clear();
      close(callback);
    },
  };
  return Object.assign(db, cached);
}
