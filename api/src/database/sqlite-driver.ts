import type { Configuration } from '@mikro-orm/core';
import { AbstractSqlDriver, SqliteKnexDialect } from '@mikro-orm/knex';
import { SqliteConnection, SqlitePlatform } from '@mikro-orm/sqlite';
import type { SqliteDatabase } from './sqlite3';
import { StatementCachingConnection } from './statement-cache';

/** Runs `pragmas` in order on a new connection; rejects with the first that fails. */
const configure = (db: SqliteDatabase, pragmas: readonly string[]): Promise<void> =>
  pragmas.reduce<Promise<void>>((done, sql) => done.then(() => new Promise((resolve, reject) => db.run(sql, (err) => (err ? reject(err) : resolve())))), Promise.resolve());

/**
 * The ORM's SQLite connection is ours: a knex dialect whose raw connection is a `StatementCachingConnection`
 * (statement-cache.ts) over the sqlite3 `Database` knex would have used, configured with `pragmas` first. Built
 * from the libraries' public extension points: knex's dialect class (`acquireRawConnection`), MikroORM's connection
 * (`createKnex`, as @mikro-orm/sqlite's own does) and driver (a connection class handed to `AbstractSqlDriver`).
 */
export function sqliteDriverWith(pragmas: readonly string[]) {
  /** The part of knex's sqlite3 dialect this builds on (its typings give the class no members). */
  const Dialect = SqliteKnexDialect as unknown as new (config: unknown) => { acquireRawConnection(): Promise<unknown> };

  class StatementCachingDialect extends Dialect {
    override async acquireRawConnection(): Promise<StatementCachingConnection> {
      const db = (await super.acquireRawConnection()) as SqliteDatabase;
      await configure(db, pragmas);
      return new StatementCachingConnection(db);
    }
  }

  class StatementCachingSqliteConnection extends SqliteConnection {
    override createKnex(): void {
      // Typed as a client name; knex takes a dialect class there too, as @mikro-orm/sqlite's own connection passes.
      this.client = this.createKnexClient(StatementCachingDialect as unknown as string);
      this.connected = true;
    }
  }

  // Named as @mikro-orm/sqlite's: @mikro-orm/nestjs picks the driver package by the driver class's name and then also
  // provides that package's MikroORM and EntityManager (which the app and its tests inject).
  return class SqliteDriver extends AbstractSqlDriver<StatementCachingSqliteConnection> {
    constructor(config: Configuration) {
      super(config, new SqlitePlatform(), StatementCachingSqliteConnection, ['knex', 'sqlite3']);
    }
  };
}
