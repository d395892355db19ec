import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT } from './app.mjs';

const require = createRequire(join(ROOT, 'api', 'package.json'));

/** `?` placeholders (the bench's SQL is written once, for both databases) as PostgreSQL's `$1, $2, …`. */
export const numbered = (sql) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/**
 * The raw SQL floor's connection to the bench's database, with the api's own drivers: `sqlite3` opened
 * read-only on the file, or `pg` (the driver under the api's PostgreSQL connection) to the bench's database.
 * `all(sql, params)` takes `?` placeholders on both; `date(ms)` is a timestamp as the api stores it; `plan(sql,
 * params)` the database's query plan, as text lines.
 */
export function openDb(deployment) {
  return deployment.database === 'postgres' ? openPostgres(deployment.databaseUrl) : openSqlite(deployment.dbFile);
}

function withTiming(db) {
  return {
    ...db,
    async time(sql, params) {
      const t0 = performance.now();
      const rows = await db.all(sql, params);
      return { ms: performance.now() - t0, rows };
    },
  };
}

function openSqlite(file) {
  const sqlite3 = require('sqlite3');
  const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY);
  const all = (sql, params = []) => new Promise((res, rej) => db.all(sql, params, (err, rows) => (err ? rej(err) : res(rows))));
  return withTiming({
    kind: 'sqlite',
    all,
    // The api stores timestamps as milliseconds on SQLite.
    date: (ms) => ms,
    plan: async (sql, params) => (await all(`explain query plan ${sql}`, params)).map((r) => r.detail),
    close: () => new Promise((res) => db.close(() => res())),
  });
}

function openPostgres(url) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: url });
  const connected = client.connect();
  connected.catch(() => undefined); // reported by the first query
  const all = async (sql, params = []) => {
    await connected;
    return (await client.query(numbered(sql), params)).rows;
  };
  return withTiming({
    kind: 'postgres',
    all,
    date: (ms) => new Date(ms),
    plan: async (sql, params) => (await all(`explain (analyze, buffers) ${sql}`, params)).map((r) => r['QUERY PLAN']),
    close: () => client.end(),
  });
}
