import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiClient, ROOT, startApp, SUPERADMIN } from './app.mjs';
import { openDb } from './db.mjs';
import { startNginx } from './nginx.mjs';
import { deploymentLabel } from './options.mjs';
import { createBenchDatabase } from './postgres.mjs';
import { onCleanup } from './process.mjs';
import { mintToken } from './tokens.mjs';

/**
 * What the scenarios share: one temporary folder, one database filled by seed:scale, the running api.
 * Built lazily, so `--only` of a scenario that needs none of it (restart) starts nothing.
 */
export function createContext(options) {
  let dir = null;
  let ready = null;
  const ctx = {
    options,
    deployment: deploymentLabel(options),
    tmp() {
      if (!dir) {
        dir = mkdtempSync(join(tmpdir(), 'kpi-bench-'));
        onCleanup(() => rmSync(dir, { recursive: true, force: true }));
      }
      return dir;
    },
    /**
     * Seeds (once) and starts (once) the deployment; resolves to { app, receiver, front, api, db, target, people,
     * superToken }. `app` is the node every request and score goes to (node A); `receiver` the node the scenarios'
     * sockets connect to (node B with two nodes, else `app`); `front` nginx in front of both (two nodes only).
     */
    scaled() {
      ready ??= (async () => {
        const target = await databaseFor(ctx);
        const seed = spawnSync(process.execPath, [join(ROOT, 'scripts', 'seed-scale.mjs'), '--companies', String(options.companies), '--executives', String(options.executives), '--scored', String(options.scored)], {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: target.databaseUrl, LOG_LEVEL: 'error' },
          encoding: 'utf8',
        });
        if (seed.status !== 0) throw new Error(`seed:scale failed:\n${seed.stdout}\n${seed.stderr}`);
        ctx.log(seed.stdout.split('\n').slice(0, 2).join('\n'));
        // The webhooks scenario delivers to a receiver on this machine.
        const env = { WEBHOOK_ALLOW_LOOPBACK: 'true', ...(options.nodes === 2 ? { REDIS_URL: options.redisUrl } : {}) };
        const app = await startApp({ databaseUrl: target.databaseUrl, extraEnv: env });
        const receiver = options.nodes === 2 ? await startApp({ databaseUrl: target.databaseUrl, extraEnv: env }) : app;
        const front = options.nodes === 2 ? await startNginx([app.port, receiver.port]) : null;
        const api = apiClient(app.base);
        const db = openDb(target);
        onCleanup(() => db.close());
        const companies = await db.all(`select id, name from companies order by name`);
        // Quoted aliases: PostgreSQL folds unquoted ones to lower case.
        const users = await db.all(`select id, email, role, company_id as "companyId", token_version as "tokenVersion" from users where is_active = true`);
        const people = companies.map((c) => ({
          ...c,
          admin: users.find((u) => u.companyId === c.id && u.role === 'admin'),
          execs: users.filter((u) => u.companyId === c.id && u.role === 'executive').sort((a, b) => a.email.localeCompare(b.email, 'en', { numeric: true })),
        }));
        // Through nginx when there is one: the deployment answers as a whole.
        const root = await apiClient(front?.base ?? app.base).login(SUPERADMIN.email, SUPERADMIN.password);
        const where = options.nodes === 2 ? `node A (pid ${app.pid}) on ${app.base}, node B (pid ${receiver.pid}) on ${receiver.base}, nginx on ${front.base}, Redis ${options.redisUrl}` : `api (pid ${app.pid}) on ${app.base}`;
        ctx.log(`${ctx.deployment}: ${where}; database ${target.name}`);
        return { app, receiver, front, api, db, target, dbFile: target.dbFile, people, superToken: root.token, token: mintToken };
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

/** The run's fresh database: a SQLite file in the temporary folder, or a PostgreSQL database of its own. */
async function databaseFor(ctx) {
  if (ctx.options.database === 'postgres') {
    const { name, url } = await createBenchDatabase(ctx.options.postgresUrl);
    return { database: 'postgres', databaseUrl: url, name };
  }
  const dbFile = join(ctx.tmp(), 'bench.sqlite');
  return { database: 'sqlite', databaseUrl: `sqlite:${dbFile}`, dbFile, name: dbFile };
}
