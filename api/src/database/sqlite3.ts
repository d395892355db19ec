import { createRequire } from 'node:module';

type Sqlite3 = typeof import('sqlite3');
export type SqliteDatabase = import('sqlite3').Database;

/**
 * The api's own SQLite driver (the one @mikro-orm/sqlite loads), for every connection the api opens itself: the
 * ORM's (sqlite-driver.ts), the read connection and the WAL checkpointer. Resolved lazily: a PostgreSQL install
 * may lack it.
 */
export const loadSqlite3 = (): Sqlite3 => createRequire(require.resolve('@mikro-orm/sqlite'))('sqlite3') as Sqlite3;
