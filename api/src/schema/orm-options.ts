import { Logger } from '@nestjs/common';
import { Migrator } from '@mikro-orm/migrations';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { Options } from '@mikro-orm/core';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { entityManagerInScope } from '../common/request-scope/request-scope';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { MIGRATIONS_POSTGRESQL } from './migrations/postgresql';
import { sqliteDriverWith } from '../database/sqlite-driver';
import { WRITER_AUTOCHECKPOINT_PAGES } from '../database/wal-checkpointer';
import type { AppConfig, SqliteSynchronous } from '../config/env';

/**
 * SQLite runs in WAL mode with foreign keys on; pragmas run in order on each new connection (database/sqlite-driver.ts).
 * `synchronous = FULL` by default: the WAL is synced before a commit is acknowledged, so an acknowledged write
 * survives power loss or an OS crash as well as a crash of the process. `SQLITE_SYNCHRONOUS=normal` is the
 * documented opt-out: the fsync moves from every commit to checkpoints, and on power loss the last commits
 * before the latest checkpoint may be rolled back (never corrupted). docs/architecture.md, "Data", and
 * docs/benchmarks.md measure the difference.
 */
const sqlitePragmas = (synchronous: SqliteSynchronous): string[] => [
  'PRAGMA journal_mode = WAL',
  `PRAGMA synchronous = ${synchronous === 'normal' ? 'NORMAL' : 'FULL'}`,
  'PRAGMA foreign_keys = ON',
  'PRAGMA busy_timeout = 5000',
  // The api checkpoints from a connection of its own (database/wal-checkpointer.ts); the writer's is a backstop.
  `PRAGMA wal_autocheckpoint = ${WRITER_AUTOCHECKPOINT_PAGES}`,
];

const ORM_LOGGER = new Logger('MikroORM');

/** Knex's sqlite3 dialect with our statement-keeping connection, the pragmas run on each new connection; one per setting. */
const SQLITE_DRIVERS = { full: sqliteDriverWith(sqlitePragmas('full')), normal: sqliteDriverWith(sqlitePragmas('normal')) };

export function ormOptions(config: AppConfig): Options {
  const common = {
    entities: ENTITIES,
    migrations: {
      migrationsList: MIGRATIONS,
      path: 'dist/schema/migrations',
      pathTs: 'src/schema/migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: config.logLevel === 'error' || config.logLevel === 'warn',
    },
    extensions: [Migrator],
    debug: false,
    // Through Nest's logger, so the migrator's lines are log lines like any other (JSON by default).
    logger: (message: string) => ORM_LOGGER.log(message),
    colors: false,
    allowGlobalContext: false,
    // A request's EntityManager lives in its scope (common/request-scope), which MikroORM asks through this option.
    context: entityManagerInScope,
    forceUtcTimezone: true,
    ignoreUndefinedInQuery: true,
  } satisfies Partial<Options>;

  if (config.database.driver === 'postgresql') {
    return {
      ...common,
      driver: PostgreSqlDriver,
      clientUrl: config.database.url,
      migrations: {
        ...common.migrations,
        // PostgreSQL has its own SQL (docs/scale-out.md); the CLI creates new ones in this folder too.
        migrationsList: MIGRATIONS_POSTGRESQL,
        path: 'dist/schema/migrations/postgresql',
        pathTs: 'src/schema/migrations/postgresql',
        // Kept off (the default) on purpose: on PostgreSQL it takes `session_replication_role`, a superuser's right.
        disableForeignKeys: false,
      },
    };
  }
  const file = config.database.file;
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  return {
    ...common,
    driver: SQLITE_DRIVERS[config.database.synchronous],
    dbName: file,
    pool: { min: 1, max: 1 },
  };
}
