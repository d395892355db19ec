import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/core';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { ENTITIES } from '../../src/schema/entities';
import { startTestApp, type TestApp } from '../utils/test-app';
import { checkScaleEnv, inCi, type ScaleEnv } from './requirements';

export type { ScaleEnv } from './requirements';

/** The environment, or null outside CI when it is missing (global-setup.ts said so); in CI, missing throws. */
export function scaleEnv(): ScaleEnv | null {
  const check = checkScaleEnv();
  if ('env' in check) return check.env;
  if (inCi()) throw new Error(`${check.problem} (CI=true: failing rather than skipping)`);
  return null;
}

/** `describe` when the environment is there; a loud skip (or, in CI, a failure from scaleEnv) otherwise. */
export function describeScale(name: string, body: (env: ScaleEnv) => void): void {
  const env = scaleEnv();
  if (env) describe(name, () => body(env));
  else describe.skip(name, () => it('needs DATABASE_URL and REDIS_URL', () => undefined));
}

/** Scratch databases are named kpi_scale_<unix seconds>_<random>: runs never share one, and leftovers age out. */
const PREFIX = 'kpi_scale_';
/** A scratch database older than this is a leftover of a killed run: the next run drops it. */
const LEFTOVER_AFTER_S = 6 * 3600;

export interface ScratchDatabase {
  name: string;
  /** DATABASE_URL for the app. */
  url: string;
  drop(): Promise<void>;
}

/** An admin connection to the server of DATABASE_URL (its own database, e.g. `test`), for CREATE/DROP DATABASE. */
async function admin<T>(env: ScaleEnv, work: (execute: (sql: string) => Promise<unknown[]>) => Promise<T>): Promise<T> {
  const orm = await MikroORM.init({ driver: PostgreSqlDriver, clientUrl: env.databaseUrl, entities: ENTITIES, debug: false, pool: { min: 0, max: 1 } });
  try {
    const connection = orm.em.getConnection();
    return await work((sql) => connection.execute<unknown[]>(sql));
  } finally {
    await orm.close(true);
  }
}

const quoted = (name: string) => {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  return `"${name}"`;
};

export async function createScratchDatabase(env: ScaleEnv): Promise<ScratchDatabase> {
  const now = Math.floor(Date.now() / 1000);
  const name = `${PREFIX}${now}_${randomBytes(4).toString('hex')}`;
  await admin(env, async (execute) => {
    const rows = (await execute(`select datname from pg_database where datname like '${PREFIX}%'`)) as { datname: string }[];
    for (const { datname } of rows) {
      const created = Number(datname.slice(PREFIX.length).split('_')[0]);
      if (Number.isFinite(created) && now - created > LEFTOVER_AFTER_S) await execute(`drop database if exists ${quoted(datname)} with (force)`);
    }
    await execute(`create database ${quoted(name)}`);
  });
  const url = new URL(env.databaseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => admin(env, (execute) => execute(`drop database if exists ${quoted(name)} with (force)`)).then(() => undefined),
  };
}

/** One api instance (the real app, listening on a free port) on the given database and Redis. */
export function startInstance(database: ScratchDatabase, env: ScaleEnv, extra: Record<string, string> = {}): Promise<TestApp> {
  return startTestApp({ DATABASE_URL: database.url, REDIS_URL: env.redisUrl, ...extra });
}
