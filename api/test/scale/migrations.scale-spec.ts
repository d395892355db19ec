import { MikroORM } from '@mikro-orm/core';
import type { INestApplication } from '@nestjs/common';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { createApp } from '../../src/bootstrap';
import { loadConfig } from '../../src/config/env';
import { MIGRATIONS } from '../../src/schema/migrations';
import { BADGE_CATALOGUE } from '../../src/schema/migrations/Migration20261126000100_badge_catalogue';
import { SUPERADMIN } from '../utils/test-app';
import { createScratchDatabase, describeScale, type ScaleEnv, type ScratchDatabase } from './scale-env';

interface AppliedMigration {
  id: number;
  name: string;
  executed_at: Date;
}

describeScale('PostgreSQL migrations', (env: ScaleEnv) => {
  let db: ScratchDatabase;
  const open: INestApplication[] = [];

  const start = async (demoSeed: boolean) => {
    const config = loadConfig({
      DATABASE_URL: db.url,
      REDIS_URL: env.redisUrl,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123',
      DEMO_SEED: String(demoSeed),
      // The demo never sits beside a configured superadmin (SECURITY.md).
      ...(demoSeed ? {} : { SUPERADMIN_EMAIL: SUPERADMIN.email, SUPERADMIN_PASSWORD: SUPERADMIN.password }),
      LOG_LEVEL: 'error',
      WEB_DIST: join(tmpdir(), 'kpi-no-web'),
    });
    const started = await createApp(config);
    open.push(started.app);
    return started;
  };
  const close = async () => {
    await Promise.all(open.splice(0).map((app) => app.close()));
  };
  const applied = (orm: MikroORM) =>
    orm.em.getConnection().execute<AppliedMigration[]>('select id, name, executed_at from mikro_orm_migrations order by id');

  beforeAll(async () => {
    db = await createScratchDatabase(env);
  });
  afterAll(async () => {
    await close();
    await db?.drop();
  });

  let first: AppliedMigration[];

  it('apply once on a fresh database, even when two instances start together (one of them seeds the demo)', async () => {
    const [one, two] = await Promise.all([start(true), start(true)]);
    // Exactly one instance found the database empty and seeded it; the other waited, then found nothing to do.
    expect([one.demoLogins, two.demoLogins].filter(Boolean)).toHaveLength(1);
    const orm = one.app.get(MikroORM);
    first = await applied(orm);
    expect(first.map((m) => m.name)).toEqual(MIGRATIONS.map((m) => m.name));
    const count = async (table: string) => Number((await orm.em.getConnection().execute<{ n: string }[]>(`select count(*) as n from ${table}`))[0].n);
    expect(await count('badges')).toBe(BADGE_CATALOGUE.length);
    expect(await count('companies')).toBe(3);
    expect(await count("users where role = 'superadmin'")).toBe(1); // the demo's
    expect(await count('tasks')).toBeGreaterThan(100);
    await close();
  });

  it('a second start applies nothing and keeps the data', async () => {
    const again = await start(true);
    expect(again.demoLogins).toBeNull();
    const orm = again.app.get(MikroORM);
    expect(await applied(orm)).toEqual(first);
    expect(await orm.migrator.getPendingMigrations()).toEqual([]);
    expect(await orm.migrator.up()).toEqual([]);
    expect(await applied(orm)).toEqual(first);
    await close();
  });

  it('leave exactly the schema the entities describe', async () => {
    const { app } = await start(false);
    expect((await app.get(MikroORM).schema.getUpdateSchemaSQL({ wrap: false })).trim()).toBe('');
    await close();
  });

  it('a start with Redis unreachable stops with a clear message and leaves nothing open', async () => {
    const config = loadConfig({
      DATABASE_URL: db.url,
      REDIS_URL: 'redis://127.0.0.1:1',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123',
      LOG_LEVEL: 'error',
      WEB_DIST: join(tmpdir(), 'kpi-no-web'),
    });
    // Jest would not exit if the failed start had left the PostgreSQL pool or a Redis client open.
    await expect(createApp(config)).rejects.toThrow(/^Redis at redis:\/\/127\.0\.0\.1:1\/? is unreachable/);
  });
});
