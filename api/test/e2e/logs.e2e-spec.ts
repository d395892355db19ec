import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
  output(): string;
  stop(): Promise<void>;
}

/** The real server process from the sources (`src/main.ts`), so what it prints is what an operator sees. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'kpi-logs-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', '-r', 'reflect-metadata', 'src/main.ts'], {
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
      expect(server.output()).toMatch(/^KPI Tracker is running on http:\/\/localhost:\d+$/m);
    });

    it('never writes a password or a token', () => {
      const out = server.output();
      expect(out).not.toContain(token);
      expect(out).not.toContain(ROOT.password);
      expect(out).not.toContain(NEW_PASSWORD);
      expect(out).not.toMatch(/bearer /i);
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
