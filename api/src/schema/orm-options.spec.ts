import * as postgresql from '@mikro-orm/postgresql';
import * as knex from '@mikro-orm/knex';
import * as sqlite from '@mikro-orm/sqlite';
import type { MigrationObject } from '@mikro-orm/core';
import { MIGRATIONS } from './migrations';
import { MIGRATIONS_POSTGRESQL } from './migrations/postgresql';
import { loadConfig } from '../config/env';
import { ormOptions } from './orm-options';

const secret = { JWT_SECRET: 'x'.repeat(32) };
const listOf = (config: ReturnType<typeof loadConfig>) => ormOptions(config).migrations?.migrationsList as MigrationObject[];

describe('ORM options per driver', () => {
  it('keeps SQLite on its own migrations and PostgreSQL on their twins', () => {
    expect(listOf(loadConfig({ ...secret, DATABASE_URL: 'sqlite::memory:' }))).toBe(MIGRATIONS);
    const pg = ormOptions(loadConfig({ ...secret, DATABASE_URL: 'postgres://u@127.0.0.1:5432/kpi' }));
    expect(pg.migrations?.migrationsList).toBe(MIGRATIONS_POSTGRESQL);
    expect(pg.migrations?.pathTs).toBe('src/schema/migrations/postgresql');
  });

  it('has a PostgreSQL twin, with the same name and in the same order, for every SQLite migration', () => {
    expect(MIGRATIONS_POSTGRESQL.map((m) => m.name)).toEqual(MIGRATIONS.map((m) => m.name));
  });

  it('injects one EntityManager class whichever driver runs (services import it from @mikro-orm/knex)', () => {
    // Services import the driver-neutral EntityManager from @mikro-orm/knex; both driver packages re-export that
    // same class, so the services' injection token exists on SQLite and PostgreSQL alike (docs/scale-out.md).
    expect(sqlite.EntityManager).toBe(knex.EntityManager);
    expect(postgresql.EntityManager).toBe(knex.EntityManager);
  });
});
