import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './env';

describe('configuration', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kpi-env-'));
  const base = { DATABASE_URL: `sqlite:${join(dir, 'kpi.sqlite')}` };

  it('has working defaults: port 3000, embedded SQLite, demo seed on, a generated secret kept across starts', () => {
    const first = loadConfig(base);
    expect(first.port).toBe(3000);
    expect(first.database).toEqual({ driver: 'sqlite', file: join(dir, 'kpi.sqlite'), synchronous: 'full' });
    expect(first.demoSeed).toBe(true);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig(base).jwtSecret).toBe(first.jwtSecret);
  });

  it('seeds no demo by default where a superadmin is configured; an empty variable counts as unset', () => {
    expect(loadConfig({ ...base, SUPERADMIN_EMAIL: 'root@x.io', SUPERADMIN_PASSWORD: 'a-long-secret-9' }).demoSeed).toBe(false);
    expect(loadConfig({ ...base, SUPERADMIN_EMAIL: '', SUPERADMIN_PASSWORD: '' }).demoSeed).toBe(true);
  });

  it('keeps SQLite durable across power loss unless SQLITE_SYNCHRONOUS=normal opts out', () => {
    expect(loadConfig({ ...base, SQLITE_SYNCHRONOUS: 'normal' }).database).toMatchObject({ driver: 'sqlite', synchronous: 'normal' });
    expect(loadConfig({ ...base, SQLITE_SYNCHRONOUS: '' }).database).toMatchObject({ driver: 'sqlite', synchronous: 'full' });
  });

  it('switches to PostgreSQL and turns the demo seed off by default', () => {
    const c = loadConfig({ ...base, DATABASE_URL: 'postgres://u@127.0.0.1:5432/kpi', JWT_SECRET: 'x'.repeat(32) });
    expect(c.database).toEqual({ driver: 'postgresql', url: 'postgres://u@127.0.0.1:5432/kpi' });
    expect(c.demoSeed).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT: must be a number'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must start with sqlite: or postgres://'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL: must start with redis://'],
    [{ SQLITE_SYNCHRONOUS: 'off' }, 'SQLITE_SYNCHRONOUS: must be full or normal'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET: must be at least 32 characters'],
    [{ DEMO_SEED: 'maybe' }, 'DEMO_SEED: must be true or false'],
    [{ SUPERADMIN_EMAIL: 'root@x.io' }, 'SUPERADMIN_EMAIL and SUPERADMIN_PASSWORD must be set together'],
    [{ DEMO_SEED: 'true', SUPERADMIN_EMAIL: 'root@x.io', SUPERADMIN_PASSWORD: 'a-long-secret-9' }, 'DEMO_SEED=true cannot be combined with SUPERADMIN_EMAIL'],
  ])('names the variable when %p is invalid', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });
});
