import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT } from './app.mjs';

const require = createRequire(join(ROOT, 'api', 'package.json'));

/** The same SQLite driver the api uses, opened read-only on the same file: the raw SQL floor. */
export function openDb(file) {
  const sqlite3 = require('sqlite3');
  const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY);
  const all = (sql, params = []) => new Promise((res, rej) => db.all(sql, params, (err, rows) => (err ? rej(err) : res(rows))));
  return {
    all,
    async time(sql, params) {
      const t0 = performance.now();
      const rows = await all(sql, params);
      return { ms: performance.now() - t0, rows };
    },
    close: () => new Promise((res) => db.close(() => res())),
  };
}
