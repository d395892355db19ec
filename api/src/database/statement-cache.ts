import type { Statement } from 'sqlite3';
import { loadSqlite3, type SqliteDatabase } from './sqlite3';

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
 * A SQLite connection that reuses prepared statements, a text's from its second run on. It owns its sqlite3
 * `Database` and offers what its users call: `all`, `run` and `close` with the driver's signatures (knex's sqlite3
 * dialect takes it as its connection from the pool's `afterCreate`, schema/orm-options.ts), and the
 * plain-SQL paths use it directly (bound-sql.ts, read-rows.ts).
 *
 * Why: the driver's own `all` and `run` prepare, run and finalize a statement for every call: two trips to the
 * thread pool, and a finalize on the main thread that waits for the connection's lock while another statement
 * runs. A kept statement is one trip. The statements sent with bound parameters and the ORM's BEGIN and COMMIT
 * repeat; every trip saved is one wake-up of a pool thread and of the event loop less, and those wake-ups were a
 * scoring's latency tail (docs/benchmarks.md).
 *
 * A kept statement holds no lock between calls: `all` steps it to its end, and `run` is kept only for writes,
 * which end in their first step. `close` finalizes them first, since SQLite refuses to close with any left.
 * Only sqlite3's public API is used: `Statement` (constructed with its callback) and `Database`'s methods.
 */
export class StatementCachingConnection {
  private readonly entries = new Map<string, Entry>(); // in order of use, the least recent first
  /**
   * Texts run once so far. The ORM writes its values into its SQL, so most of its texts never come back: a text is
   * kept from its second run on, and one-offs are never prepared twice nor crowd out the statements that repeat.
   */
  private readonly seenOnce = new Set<string>();
  // The constructor's callback hears of success too (`db.prepare`'s only of failure); its typings omit the arguments.
  private readonly PreparedStatement = loadSqlite3().Statement as unknown as new (
    db: SqliteDatabase,
    sql: string,
    prepared: (err: Error | null) => void,
  ) => Statement;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly capacity = STATEMENT_CACHE_SIZE,
  ) {}

  all(sql: string, params: unknown, callback?: Callback): this {
    if (typeof params === 'function') return this.all(sql, [], params as Callback);
    if (!callback || sql.length > MAX_CACHED_SQL_LENGTH || !this.admit(sql)) this.db.all(sql, params, callback);
    else this.call('all', sql, params, callback);
    return this;
  }

  run(sql: string, params: unknown, callback?: Callback): this {
    if (typeof params === 'function') return this.run(sql, [], params as Callback);
    if (!callback || sql.length > MAX_CACHED_SQL_LENGTH || !finishesInOneStep(sql) || !this.admit(sql)) this.db.run(sql, params, callback);
    else this.call('run', sql, params, callback);
    return this;
  }

  close(callback?: (err: Error | null) => void): void {
    for (const { statement } of this.entries.values()) statement.finalize();
    this.entries.clear();
    this.seenOnce.clear();
    this.db.close(callback);
  }

  private call(method: 'all' | 'run', sql: string, params: unknown, callback: Callback): void {
    const entry = this.entryFor(sql);
    entry.preparing?.push(callback);
    (entry.statement[method] as (params: unknown, cb: Callback) => void)(params ?? [], callback);
  }

  /** Whether `sql` runs as a kept statement: from its second run on. */
  private admit(sql: string): boolean {
    if (this.entries.has(sql) || this.seenOnce.delete(sql)) return true;
    if (this.seenOnce.size >= this.capacity * 4) this.seenOnce.clear();
    this.seenOnce.add(sql);
    return false;
  }

  private entryFor(sql: string): Entry {
    const kept = this.entries.get(sql);
    if (kept) {
      this.entries.delete(sql);
      this.entries.set(sql, kept);
      return kept;
    }
    const entry: Entry = {
      statement: new this.PreparedStatement(this.db, sql, (err: Error | null) => {
        const waiting = entry.preparing ?? [];
        entry.preparing = null;
        if (!err) return;
        // The driver drops the calls queued on a statement that failed to prepare: answer them here.
        if (this.entries.get(sql) === entry) this.entries.delete(sql);
        for (const callback of waiting) callback.call(entry.statement, err);
      }),
      preparing: [],
    };
    this.entries.set(sql, entry);
    if (this.entries.size > this.capacity) {
      const [oldest, evicted] = this.entries.entries().next().value!;
      this.entries.delete(oldest);
      // Queued behind whatever the statement still has to run.
      evicted.statement.finalize();
    }
    return entry;
  }
}
