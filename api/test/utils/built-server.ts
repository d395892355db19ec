import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const MAIN = join(__dirname, '..', '..', 'dist', 'main.js');
export const BUILT_SUPERADMIN = { email: 'root@kpi.durability', password: 'root-password-1' };

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

export interface BuiltServer {
  url: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the built server (`node api/dist/main.js`, as in production) on `dataDir`; npm test builds it first. */
export async function startBuilt(dataDir: string, port: number, env: Record<string, string> = {}): Promise<BuiltServer> {
  if (!existsSync(MAIN)) throw new Error('Build first: npm run build -w contracts && npm run build -w api');
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `sqlite:${join(dataDir, 'kpi.sqlite')}`,
      JWT_SECRET: 'durability-secret-that-is-long-enough-0123456789',
      DEMO_SEED: 'false',
      SUPERADMIN_EMAIL: BUILT_SUPERADMIN.email,
      SUPERADMIN_PASSWORD: BUILT_SUPERADMIN.password,
      LOGIN_RATE_LIMIT: '100000',
      HANDSHAKE_RATE_LIMIT: '100000',
      LOG_LEVEL: 'error',
      WEB_DIST: join(dataDir, 'no-web'),
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, output: () => output, exited };
}

/** A tiny JSON client for a spawned server. */
export const api = (url: string) => async (method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
};
