import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './app.mjs';
import { onCleanup } from './process.mjs';

const require = createRequire(join(ROOT, 'api', 'package.json'));

/** Bench databases are named kpi_bench_<unix seconds>_<random>: runs never share one, and leftovers age out. */
const PREFIX = 'kpi_bench_';
/** A bench database older than this is a leftover of a killed run: the next run drops it. */
const LEFTOVER_AFTER_S = 6 * 3600;

const quoted = (name) => {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  return `"${name}"`;
};

/** `work` on a connection to the server's own database (the one `serverUrl` names), for CREATE and DROP DATABASE. */
async function onServer(serverUrl, work) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work((sql) => client.query(sql));
  } finally {
    await client.end();
  }
}

/**
 * A fresh database for one run on the server of `serverUrl`, dropped (`with (force)`: PostgreSQL 13 or later)
 * when the bench stops; resolves to its name and DATABASE_URL.
 */
export async function createBenchDatabase(serverUrl) {
  const now = Math.floor(Date.now() / 1000);
  const name = `${PREFIX}${now}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, async (query) => {
    const { rows } = await query(`select datname from pg_database where datname like 'kpi\\_bench\\_%'`);
    for (const { datname } of rows) {
      const created = Number(datname.slice(PREFIX.length).split('_')[0]);
      if (Number.isFinite(created) && now - created > LEFTOVER_AFTER_S) await query(`drop database if exists ${quoted(datname)} with (force)`);
    }
    await query(`create database ${quoted(name)}`);
  });
  onCleanup(() => onServer(serverUrl, (query) => query(`drop database if exists ${quoted(name)} with (force)`)));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}
