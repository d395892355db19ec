import type { EntityManager } from '@mikro-orm/knex';
import { PostgreSqlPlatform } from '@mikro-orm/postgresql';
import { SqlitePlatform } from '@mikro-orm/sqlite';

type PlatformOf = Pick<EntityManager, 'getPlatform'>;

/**
 * Which database an EntityManager talks to: the one place outside the ORM config that asks. Locks differ
 * (row-lock.ts), and on SQLite a unit of work's statements go to its connection directly (bound-sql.ts) and
 * plain reads to a read-only one (read-rows.ts).
 */
export const onPostgreSql = (em: PlatformOf): boolean => em.getPlatform() instanceof PostgreSqlPlatform;

export const onSqlite = (em: PlatformOf): boolean => em.getPlatform() instanceof SqlitePlatform;
