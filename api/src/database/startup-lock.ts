import type { MikroORM } from '@mikro-orm/core';
import type { AbstractSqlConnection } from '@mikro-orm/postgresql';
import type { DatabaseConfig } from '../config/env';

/** An arbitrary, fixed key ('kpi' in ASCII) for PostgreSQL's advisory lock; only start-ups take it. */
export const STARTUP_LOCK_KEY = 0x6b7069;

/**
 * Runs the start-up work (migrations, superadmin, demo seed) so that instances starting together on one
 * PostgreSQL database take turns: the first migrates and seeds, the next find nothing left to do. Without it,
 * two instances of a rolling deploy both apply the same migration and one of them fails to start.
 *
 * The lock is a transaction-scoped advisory lock held by one pooled connection while the work runs on others;
 * it is released when that transaction ends, or when the connection dies with a crashed instance. SQLite needs
 * none: it is one file on one machine, and its pool of one connection would deadlock on it.
 */
export async function underStartupLock<T>(orm: MikroORM, database: DatabaseConfig, work: () => Promise<T>): Promise<T> {
  if (database.driver !== 'postgresql') return work();
  const connection = orm.em.getConnection() as AbstractSqlConnection;
  return connection.transactional(async (trx) => {
    await connection.execute(`select pg_advisory_xact_lock(${STARTUP_LOCK_KEY})`, [], 'all', trx);
    return work();
  });
}
