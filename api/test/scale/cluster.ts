import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import type { TestApp } from '../utils/test-app';
import { SUPERADMIN } from '../utils/test-app';
import type { ScaleEnv, ScratchDatabase } from './scale-env';

/** The built api every node runs (`npm run build -w api`), as an operator would start it. */
const MAIN_JS = resolve(__dirname, '../../dist/main.js');
/** The nginx config docs/scale-out.md shows: the suite runs this file, with only addresses and port replaced. */
export const NGINX_CONF = resolve(__dirname, '../../../deploy/nginx/kpi.conf');
function nginxBinary(): string {
  const bin = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
  if (!bin) throw new Error('nginx is not installed (apt-get install -y nginx); the scale-out suite runs the api behind it');
  return bin;
}

export const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls GET /api/health until it answers 200; resolves with the moment it first did. */
export async function waitHealthy(url: string, timeoutMs = 60_000, alive: () => boolean = () => true): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (res.ok) return Date.now();
    } catch {
      // not listening yet
    }
    if (!alive()) throw new Error(`${url} exited before it was healthy`);
    if (Date.now() > deadline) throw new Error(`${url} was not healthy within ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** One api instance: a separate `node api/dist/main.js` process, so a SIGKILL is a real crash. */
export class ApiNode {
  private child: ChildProcess | null = null;
  private output = '';
  /** When the last start spawned the process, and when it first answered its health check (ms). */
  spawnedAt = 0;
  healthyAt = 0;
  /** When the process said it listens (main.ts prints it right after `listen`). */
  listeningAt = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(): Promise<void> {
    if (!existsSync(MAIN_JS)) throw new Error(`${MAIN_JS} is missing: run \`npm run build -w contracts && npm run build -w api\` first`);
    this.output = '';
    this.spawnedAt = Date.now();
    // SCALE_NODE_FLAGS: extra flags for the api processes, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile them.
    const flags = (process.env.SCALE_NODE_FLAGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, [...flags, MAIN_JS], { env: { ...process.env, ...this.env, PORT: String(this.port) }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-4_000));
    this.listeningAt = 0;
    child.stdout?.on('data', (chunk: Buffer) => {
      if (!this.listeningAt && chunk.toString().includes('is running on')) this.listeningAt = Date.now();
      keep(chunk);
    });
    child.stderr?.on('data', keep);
    try {
      this.healthyAt = await waitHealthy(this.url, 60_000, () => this.running);
    } catch (err) {
      throw new Error(`${this.name}: ${(err as Error).message}\n${this.output}`, { cause: err });
    }
  }

  /** A crash: SIGKILL, no shutdown hooks, sockets dropped without a goodbye. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL');
  }

  /** A clean stop (SIGTERM), for the end of the suite. */
  async stop(): Promise<void> {
    await this.signal('SIGTERM');
  }

  private async signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

/** The JWT secret every node of the suite shares (tests that mint tokens sign with it: office.ts). */
export const SCALE_JWT_SECRET = 'scale-suite-secret-that-is-long-enough-0123456789';

/** The environment docs/scale-out.md gives every node: one database, one Redis, one JWT secret. */
export function nodeEnv(db: ScratchDatabase, env: ScaleEnv, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: db.url,
    REDIS_URL: env.redisUrl,
    JWT_SECRET: SCALE_JWT_SECRET,
    SUPERADMIN_EMAIL: SUPERADMIN.email,
    SUPERADMIN_PASSWORD: SUPERADMIN.password,
    DEMO_SEED: 'false',
    LOG_LEVEL: 'error',
    // Every test client signs in and connects from 127.0.0.1 through the proxy, many of them as the same user.
    LOGIN_RATE_LIMIT: '100000',
    HANDSHAKE_RATE_LIMIT: '1000000',
    REPLAY_RATE_LIMIT: '1000000',
    WEB_DIST: join(tmpdir(), 'kpi-no-web'),
    ...extra,
  };
}

/** deploy/nginx/kpi.conf with its upstream servers and listen port replaced; nothing else changes. */
export function nginxSiteFor(upstreams: number[], listenPort: number): string {
  const site = readFileSync(NGINX_CONF, 'utf8');
  const server = /^([ \t]*)server \S+:\d+((?: [^;]*)?);\n/m.exec(site);
  if (!server || !/^[ \t]*listen 80;$/m.test(site)) throw new Error(`${NGINX_CONF} has no upstream server or no "listen 80;"`);
  const lines = upstreams.map((port) => `\n${server[1]}server 127.0.0.1:${port}${server[2]};`).join('');
  return site
    .replace(/^[ \t]*server \S+:\d+(?: [^;]*)?;\n/gm, '')
    .replace(/^([ \t]*upstream kpi_api \{)$/m, `$1${lines}`)
    .replace(/^([ \t]*)listen 80;$/m, `$1listen 127.0.0.1:${listenPort};`);
}

/** nginx in the foreground with the site above, its pid, logs and temp files in a temp directory. */
export class Nginx {
  private child: ChildProcess | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'kpi-nginx-'));
  readonly front: TestApp;

  constructor(
    readonly port: number,
    private readonly upstreams: number[],
  ) {
    this.front = { url: this.url, http: request(this.url) } as unknown as TestApp;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Writes the main config (pid, logs and temp paths in the temp directory, the site included) and returns its path. */
  writeConfig(): string {
    const d = this.dir;
    // Run as root, nginx's workers drop to another user; they must reach the temp paths in here.
    chmodSync(d, 0o755);
    writeFileSync(join(d, 'kpi.conf'), nginxSiteFor(this.upstreams, this.port));
    writeFileSync(
      join(d, 'nginx.conf'),
      [
        `pid ${d}/nginx.pid;`,
        `error_log ${d}/error.log warn;`,
        'worker_processes 1;',
        'events { worker_connections 4096; }',
        'http {',
        `  access_log off;`,
        `  client_body_temp_path ${d}/body; proxy_temp_path ${d}/proxy; fastcgi_temp_path ${d}/fastcgi;`,
        `  uwsgi_temp_path ${d}/uwsgi; scgi_temp_path ${d}/scgi;`,
        `  include ${d}/kpi.conf;`,
        '}',
      ].join('\n'),
    );
    return join(d, 'nginx.conf');
  }

  /** `nginx -t` on the config: resolves with nginx's verdict. */
  test(): Promise<{ ok: boolean; output: string }> {
    const bin = nginxBinary();
    const conf = this.writeConfig();
    return new Promise((done) => {
      const child = spawn(bin, ['-t', '-p', this.dir, '-c', conf, '-e', join(this.dir, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
      child.once('exit', (code) => done({ ok: code === 0, output }));
    });
  }

  async start(): Promise<void> {
    const bin = nginxBinary();
    const conf = this.writeConfig();
    const child = spawn(bin, ['-p', this.dir, '-c', conf, '-e', join(this.dir, 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    this.child = child;
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
      try {
        await fetch(`${this.url}/`, { signal: AbortSignal.timeout(500) });
        return;
      } catch {
        if (Date.now() > deadline) throw new Error(`nginx did not listen on ${this.port}: ${stderr}`);
        await sleep(50);
      }
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
