import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '../../server-node-flags.mjs';
import { freePort, startChild, waitForHttp } from './process.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const MAIN = join(ROOT, 'api', 'dist', 'main.js');
export const PROBE = join(ROOT, 'scripts', 'bench', 'lib', 'probe.cjs');
export const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-0123456789';
/** `npm start`'s node flags (package.json): the api and the floors run with them. */
export const NODE_FLAGS = serverNodeFlags(ROOT);
export const SUPERADMIN = { email: 'bench-root@kpi.bench', password: 'bench-root-password' };

/**
 * Starts the built api (never builds it) with `npm start`'s node flags on `databaseUrl` (or the SQLite file `dbFile`)
 * and a free port, with the probe preloaded. Serves the built web when web/dist exists. Resolves once /api/health
 * answers.
 */
export async function startApp({ databaseUrl, dbFile, extraEnv = {} }) {
  if (!existsSync(MAIN)) throw new Error('api/dist/main.js not found: run `npm run build` first (the bench builds nothing)');
  const port = await freePort();
  const webDist = join(ROOT, 'web', 'dist');
  // BENCH_API_NODE_FLAGS: extra flags for the api alone, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it.
  const extraFlags = (process.env.BENCH_API_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const proc = startChild([...NODE_FLAGS, ...extraFlags, '--expose-gc', '--require', PROBE, MAIN], {
    cwd: ROOT,
    env: {
      DATABASE_URL: databaseUrl ?? `sqlite:${dbFile}`,
      DEMO_SEED: 'false',
      PORT: String(port),
      SUPERADMIN_EMAIL: SUPERADMIN.email,
      SUPERADMIN_PASSWORD: SUPERADMIN.password,
      JWT_SECRET,
      LOG_LEVEL: 'error',
      LOGIN_RATE_LIMIT: '100000',
      HANDSHAKE_RATE_LIMIT: '1000000',
      WEB_DIST: existsSync(webDist) ? webDist : join(tmpdir(), 'kpi-bench-no-web'),
      ...extraEnv,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/api/health`, { child: proc.child, output: proc.output, status: 200 });
  return { ...proc, base, port, pid: proc.child.pid };
}

/** JSON calls to the api; throws with the status and body on anything but 2xx. */
export function apiClient(base) {
  async function call(method, path, token, body) {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  }
  return { call, login: (email, password) => call('POST', '/auth/login', undefined, { email, password }) };
}
