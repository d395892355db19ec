import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAIN } from '../utils/built-server';

const ROOT = { email: 'root@kpi.logs', password: 'root-password-secret-1' };
const NEW_PASSWORD = 'brand-new-password-secret-2';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

interface Server {
  url: string;
  dir: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * The real server process, from the sources (`src/main.ts`) or built (`dist/main.js`, as in production), with
 * its stdout and stderr piped (not a terminal), so what it prints is what an operator's collector gets.
 */
async function startServer(env: Record<string, string | undefined>, built = false): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'kpi-logs-'));
  const port = await freePort();
  const args = built ? [MAIN] : ['-r', 'ts-node/register/transpile-only', '-r', 'reflect-metadata', 'src/main.ts'];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: join(__dirname, '..', '..'),
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATABASE_URL: `sqlite:${join(dir, 'kpi.sqlite')}`,
      JWT_SECRET: 'log-test-secret-that-is-long-enough-0123456',
      DEMO_SEED: 'false',
      SUPERADMIN_EMAIL: ROOT.email,
      SUPERADMIN_PASSWORD: ROOT.password,
      WEB_DIST: join(dir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 60_000;
  while (!output.includes('KPI Tracker is running on')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    dir,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

// Each case starts the server from its sources through ts-node: slower than the in-process test app.
jest.setTimeout(90_000);

describe('structured logs', () => {
  describe('LOG_FORMAT=json', () => {
    let server: Server;
    let token: string;
    let userId: string;
    beforeAll(async () => {
      server = await startServer({ LOG_LEVEL: 'log', LOG_FORMAT: 'json' });
      const login = await (await post(`${server.url}/api/auth/login`, ROOT)).json();
      ({ token } = login);
      userId = login.user._id;
      const headers = { authorization: `Bearer ${token}`, 'x-request-id': 'log-test-verify-1' };
      expect((await fetch(`${server.url}/api/auth/verify`, { headers })).headers.get('x-request-id')).toBe('log-test-verify-1');
      const change = await fetch(`${server.url}/api/auth/change-password`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json', 'x-request-id': 'log-test-change-1' },
        body: JSON.stringify({ currentPassword: ROOT.password, newPassword: NEW_PASSWORD }),
      });
      expect(change.status).toBe(200);
      await server.stop();
    });
    afterAll(() => server?.stop());

    const lines = () => server.output().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);

    it('writes one JSON line per request with level, message, time, request id and the signed-in user', () => {
      const verify = lines().find((l) => l.requestId === 'log-test-verify-1');
      expect(verify).toMatchObject({ level: 'info', message: expect.stringMatching(/^GET \/api\/auth\/verify 200 \d+ ms$/), userId, req: { method: 'GET', url: '/api/auth/verify' }, res: { statusCode: 200 } });
      expect(new Date(verify!.time as string).toISOString()).toBe(verify!.time);
      const login = lines().find((l) => (l.message as string)?.startsWith('POST /api/auth/login 200'));
      expect(login).toMatchObject({ level: 'info', requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      expect(login).not.toHaveProperty('userId');
      expect(lines().find((l) => l.requestId === 'log-test-change-1')).toMatchObject({ userId, res: { statusCode: 200 } });
    });

    it('sends start-up messages through the same JSON lines, and keeps the banner readable', () => {
      expect(lines().some((l) => l.level === 'info' && l.context === 'NestApplication' && l.message === 'Nest application successfully started')).toBe(true);
      expect(lines().some((l) => l.context === 'MikroORM' && /Applied/.test(l.message as string))).toBe(true);
      expect(lines().find((l) => (l.message as string)?.startsWith('KPI Tracker is running on'))).toMatchObject({ level: 'info', url: expect.stringMatching(/^http:\/\/localhost:\d+$/) });
    });

    it('never writes a password or a token', () => {
      const out = server.output();
      expect(out).not.toContain(token);
      expect(out).not.toContain(ROOT.password);
      expect(out).not.toContain(NEW_PASSWORD);
      expect(out).not.toMatch(/bearer /i);
    });
  });

  describe('the built server off a terminal, nothing configured', () => {
    let server: Server;
    let token: string;
    beforeAll(async () => {
      // Defaults only: no LOG_LEVEL, no LOG_FORMAT. The demo seed and the loopback warning print at start-up.
      server = await startServer({ DEMO_SEED: 'true', SUPERADMIN_EMAIL: undefined, SUPERADMIN_PASSWORD: undefined, WEBHOOK_ALLOW_LOOPBACK: 'true' }, true);
      const demo = server.output().split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as { logins?: { role: string; email: string }[]; passwordFile?: string }).find((l) => l.logins);
      const root = { email: demo!.logins!.find((l) => l.role === 'superadmin')!.email, password: readFileSync(demo!.passwordFile!, 'utf8').trim() };
      ({ token } = await (await post(`${server.url}/api/auth/login`, root)).json());
      expect((await post(`${server.url}/api/auth/login`, { ...root, password: 'wrong-password-1' })).status).toBe(401);
      const headers = { authorization: `Bearer ${token}`, 'x-request-id': 'built-query-1' };
      expect((await fetch(`${server.url}/api/companies?limit=5&token=query-secret-9`, { headers })).status).toBe(200);
      await server.stop();
    });
    afterAll(() => server?.stop());

    const raw = () => server.output().split('\n').filter((l) => l.trim() !== '');

    it('writes nothing but JSON lines, from the first start-up line to the last shutdown line', () => {
      const broken = raw().filter((l) => {
        try {
          return typeof JSON.parse(l) !== 'object';
        } catch {
          return true;
        }
      });
      expect(broken).toEqual([]);
      expect(raw().length).toBeGreaterThan(5);
      const messages = raw().map((l) => JSON.parse(l).message as string);
      expect(messages).toEqual(expect.arrayContaining([expect.stringMatching(/^KPI Tracker is running on http:\/\/localhost:\d+$/), expect.stringMatching(/^WEBHOOK_ALLOW_LOOPBACK is on/), expect.stringMatching(/^SIGTERM: finishing/)]));
    });

    it('writes one line per request at the default level: method, path without its query, status, time, ids', () => {
      const lines = raw().map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines.find((l) => l.requestId === 'built-query-1')).toMatchObject({
        level: 'info',
        message: expect.stringMatching(/^GET \/api\/companies 200 \d+ ms$/),
        req: { method: 'GET', url: '/api/companies' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
        userId: expect.any(String),
      });
      expect(lines.filter((l) => /^POST \/api\/auth\/login 401 /.test(l.message as string))).toHaveLength(1);
      expect(server.output()).not.toContain('query-secret-9');
    });

    it('names the demo logins and the file with their password, never the password itself', () => {
      const demo = raw().map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => Array.isArray(l.logins));
      expect(demo).toMatchObject({ level: 'info', passwordFile: expect.any(String), logins: expect.arrayContaining([expect.objectContaining({ role: expect.any(String), email: expect.any(String) })]) });
      expect(JSON.stringify(demo)).not.toMatch(/"password"/);
    });
  });

  it('LOG_FORMAT=pretty prints readable lines instead', async () => {
    const server = await startServer({ LOG_LEVEL: 'log', LOG_FORMAT: 'pretty' });
    try {
      await fetch(`${server.url}/api/nowhere`, { headers: { 'x-request-id': 'pretty-1' } });
      await new Promise((r) => setTimeout(r, 200));
      const line = server.output().split('\n').find((l) => l.includes('GET /api/nowhere 404'));
      expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO.*: GET \/api\/nowhere 404 \d+ ms/);
      expect(line).toContain('pretty-1');
      expect(server.output().split('\n').filter((l) => l.startsWith('{'))).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
