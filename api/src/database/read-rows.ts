import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sqlite';
import { loadSqlite3 } from './sqlite3';
import { StatementCachingConnection } from './statement-cache';
import { allRows, execute } from './bound-sql';
import { onSqlite } from './dialect';

/** One read-only connection per ORM connection, opened on first use; null where there is none to open. */
const readers = new WeakMap<object, StatementCachingConnection | null>();

function readerFor(em: EntityManager): StatementCachingConnection | null {
  const connection = em.getConnection();
  if (readers.has(connection)) return readers.get(connection)!;
  const config = em.config;
  const file = config.get('dbName');
  let reader: StatementCachingConnection | null = null;
  if (onSqlite(em) && file && file !== ':memory:') {
    const sqlite3 = loadSqlite3();
    const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY);
    // The writer may hold the lock for a checkpoint; wait as the main connection does.
    db.configure('busyTimeout', 5000);
    reader = new StatementCachingConnection(db);
  }
  readers.set(connection, reader);
  return reader;
}

/**
 * Rows of one plain read-only query. On SQLite, outside a transaction, it runs on a second, read-only
 * connection to the same file: in WAL mode that reads the last committed state, never another request's open
 * transaction, and runs beside the writer instead of queueing behind it on the single pooled connection. It
 * also skips the query builder and pool, which cost more than the query for the small reads of every request
 * (docs/benchmarks.md). Inside a transaction, or on PostgreSQL, `execute` (bound-sql.ts) runs it.
 */
export function readRows<T>(em: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  const reader = em.isInTransaction() ? null : readerFor(em);
  // Inside a transaction it must run on the transaction's connection (the pool holds one SQLite connection, which
  // the transaction has).
  return reader ? allRows<T>(reader, sql, params) : execute<T>(em, sql, params);
}

/** Closes the read connection of an ORM connection (at shutdown); later reads open a new one. */
export function closeReader(connection: object): Promise<void> {
  const reader = readers.get(connection);
  readers.delete(connection);
  if (!reader) return Promise.resolve();
  return new Promise((resolve) => reader.close(() => resolve()));
}

/** Closes this app's read connection when the app closes (before the ORM's own connection closes). */
@Injectable()
export class ReadConnectionCloser implements OnModuleDestroy {
  constructor(private readonly orm: MikroORM) {}

  onModuleDestroy(): Promise<void> {
    return closeReader(this.orm.em.getConnection());
  }
}
