import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiClient, ROOT, startApp, SUPERADMIN } from './app.mjs';
import { openDb } from './db.mjs';
import { onCleanup } from './process.mjs';
import { mintToken } from './tokens.mjs';

/**
 * What the scenarios share: one temporary folder, one database filled by seed:scale, one running api.
 * Built lazily, so `--only` of a scenario that needs none of it (restart) starts nothing.
 */
export function createContext(options) {
  let dir = null;
  let ready = null;
  const ctx = {
    options,
    tmp() {
      if (!dir) {
        dir = mkdtempSync(join(tmpdir(), 'kpi-bench-'));
        onCleanup(() => rmSync(dir, { recursive: true, force: true }));
      }
      return dir;
    },
    /** Seeds (once) and starts (once) the api; resolves to { app, api, db, people, superToken, dbFile }. */
    scaled() {
      ready ??= (async () => {
        const dbFile = join(ctx.tmp(), 'bench.sqlite');
        const seed = spawnSync(process.execPath, [join(ROOT, 'scripts', 'seed-scale.mjs'), '--companies', String(options.companies), '--executives', String(options.executives), '--scored', String(options.scored)], {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: `sqlite:${dbFile}`, LOG_LEVEL: 'error' },
          encoding: 'utf8',
        });
        if (seed.status !== 0) throw new Error(`seed:scale failed:\n${seed.stdout}\n${seed.stderr}`);
        ctx.log(seed.stdout.split('\n').slice(0, 2).join('\n'));
        // The webhooks scenario delivers to a receiver on this machine.
        const app = await startApp({ dbFile, extraEnv: { WEBHOOK_ALLOW_LOOPBACK: 'true' } });
        const api = apiClient(app.base);
        const db = openDb(dbFile);
        onCleanup(() => db.close());
        const companies = await db.all(`select id, name from companies order by name`);
        const users = await db.all(`select id, email, role, company_id as companyId, token_version as tokenVersion from users where is_active = 1`);
        const people = companies.map((c) => ({
          ...c,
          admin: users.find((u) => u.companyId === c.id && u.role === 'admin'),
          execs: users.filter((u) => u.companyId === c.id && u.role === 'executive').sort((a, b) => a.email.localeCompare(b.email, 'en', { numeric: true })),
        }));
        const root = await api.login(SUPERADMIN.email, SUPERADMIN.password);
        ctx.log(`api started (pid ${app.pid}) on ${app.base}, database ${dbFile}`);
        return { app, api, db, dbFile, people, superToken: root.token, token: mintToken };
      })();
      return ready;
    },
    log: (line) => {
      if (!options.json) console.log(line);
      else console.error(line);
    },
  };
  return ctx;
}
