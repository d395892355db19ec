import type { EntityManager } from '@mikro-orm/knex';

/** Plain-SQL parameter helpers for the statements written by hand (both databases take `?` through knex). */

/** `?, ?, ?`: one placeholder per value, for `in (…)` lists and multi-row inserts. */
export const placeholders = (values: readonly unknown[]): string => values.map(() => '?').join(', ');

/** A Date as the database stores it (SQLite: epoch milliseconds; PostgreSQL: the Date itself). */
export const dbDate =
  (em: EntityManager) =>
  (d: Date): unknown =>
    em.getPlatform().processDateProperty(d);
