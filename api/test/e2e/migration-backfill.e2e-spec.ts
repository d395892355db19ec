import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/sqlite';
import { loadConfig } from '../../src/config/env';
import { ormOptions } from '../../src/schema/orm-options';

/**
 * An existing database upgraded past the migration that introduced the score aggregates (its frozen backfill,
 * schema/migrations/Migration20261129000000_score_aggregates.backfill.ts) reads the totals its scored tasks add up
 * to, per month in the company's time zone, per year, all-time and for the company.
 */
describe('the score aggregates migration on an existing database', () => {
  let dir: string;
  let orm: MikroORM;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'backfill-'));
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(32), LOG_LEVEL: 'warn', DATABASE_URL: `sqlite:${join(dir, 'kpi.sqlite')}` });
    orm = (await MikroORM.init(ormOptions(config))) as MikroORM;
  });
  afterAll(async () => {
    await orm.close(true);
    rmSync(dir, { recursive: true, force: true });
  });

  it('fills the aggregates from the tasks scored before it', async () => {
    const migrator = orm.migrator;
    await migrator.up({ to: 'Migration20261128000000_wall_displays' });
    const run = (sql: string, params: unknown[] = []) => orm.em.getConnection().execute(sql, params);
    const at = (iso: string) => new Date(iso).getTime();
    // Berlin is UTC+1 in winter: 31 January 23:30 UTC is 1 February there.
    await run(`insert into companies (id, name, industry, description, time_zone, created_at) values ('c1', 'Acme', 'Tech', '', 'Europe/Berlin', ?)`, [at('2026-01-01T00:00:00Z')]);
    for (const u of ['u1', 'u2']) {
      await run(`insert into users (id, name, email, password_hash, role, company_id, created_at) values (?, ?, ?, 'x', 'executive', 'c1', ?)`, [u, u, `${u}@acme.test`, at('2026-01-01T00:00:00Z')]);
    }
    const task = async (id: string, user: string, scoredAt: string | null, quality: number | null, time: number | null, initiative: number | null, total: number | null) =>
      run(
        `insert into tasks (id, company_id, assigned_to_id, title, description, deadline, report_link, status, quality_score, time_score, initiative_score, total_score, scored_at, created_at, updated_at)
         values (?, 'c1', ?, ?, '', ?, 'https://r.example.com', ?, ?, ?, ?, ?, ?, ?, ?)`,
        [id, user, id, at('2026-01-10T00:00:00Z'), total === null ? 'pending' : 'scored', quality, time, initiative, total, scoredAt ? at(scoredAt) : null, at('2026-01-01T00:00:00Z'), at('2026-01-01T00:00:00Z')],
      );
    await task('t1', 'u1', '2026-01-15T10:00:00Z', 8, 10, 6, 8.2);
    await task('t2', 'u1', '2026-01-31T23:30:00Z', 10, 10, 10, 10);
    await task('t3', 'u2', '2026-01-20T09:00:00Z', 5, 4, 3, 4.3);
    await task('t4', 'u2', null, null, null, null, null);

    await migrator.up();

    const rows = await run('select period_key, user_id, task_count, total_tenths, quality_tenths from score_aggregates order by period_key, user_id');
    expect(rows.map((r) => ({ ...r, total_tenths: Number(r.total_tenths), quality_tenths: Number(r.quality_tenths) }))).toEqual([
      { period_key: '2026', user_id: 'u1', task_count: 2, total_tenths: 182, quality_tenths: 180 },
      { period_key: '2026', user_id: 'u2', task_count: 1, total_tenths: 43, quality_tenths: 50 },
      { period_key: '2026-01', user_id: 'u1', task_count: 1, total_tenths: 82, quality_tenths: 80 },
      { period_key: '2026-01', user_id: 'u2', task_count: 1, total_tenths: 43, quality_tenths: 50 },
      { period_key: '2026-02', user_id: 'u1', task_count: 1, total_tenths: 100, quality_tenths: 100 },
      { period_key: 'all', user_id: 'u1', task_count: 2, total_tenths: 182, quality_tenths: 180 },
      { period_key: 'all', user_id: 'u2', task_count: 1, total_tenths: 43, quality_tenths: 50 },
    ]);
    const company = await run('select period_key, task_count, total_tenths from company_score_aggregates order by period_key');
    expect(company.map((r) => ({ ...r, total_tenths: Number(r.total_tenths) }))).toEqual([
      { period_key: '2026', task_count: 3, total_tenths: 225 },
      { period_key: '2026-01', task_count: 2, total_tenths: 125 },
      { period_key: '2026-02', task_count: 1, total_tenths: 100 },
      { period_key: 'all', task_count: 3, total_tenths: 225 },
    ]);
  });
});
