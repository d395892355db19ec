// Shared by the browser tests: starts the built app on a free port with a fresh database, and drives
// Debian's Chromium through playwright-core. Usage: import { startApp, openBrowser } from './harness.mjs'.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SUPERADMIN = { email: 'root@kpi.browser', password: 'root-password-1' };
const CHROMIUM_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** Outside CI a machine without Chromium skips loudly; in CI it is a failure. */
export function browserSkipReason() {
  if (existsSync(CHROMIUM)) return undefined;
  const message = `Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`;
  if (process.env.CI) throw new Error(message);
  console.warn(`\n*** SKIPPING browser tests: ${message}\n`);
  return message;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/** Starts `node api/dist/main.js` (the built app, web included) on a fresh SQLite file. */
export async function startApp(env = {}) {
  const main = join(root, 'api', 'dist', 'main.js');
  if (!existsSync(main)) throw new Error('Build first: npm run build');
  const dir = mkdtempSync(join(tmpdir(), 'kpi-browser-'));
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `sqlite:${join(dir, 'kpi.sqlite')}`,
      JWT_SECRET: 'browser-test-secret-long-enough-0123456789',
      DEMO_SEED: 'false',
      SUPERADMIN_EMAIL: SUPERADMIN.email,
      SUPERADMIN_PASSWORD: SUPERADMIN.password,
      LOGIN_RATE_LIMIT: '1000',
      HANDSHAKE_RATE_LIMIT: '100000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`app did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A small REST client for arranging test data. */
export function restClient(url) {
  const call = async (method, path, token, body) => {
    const res = await fetch(`${url}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(data)}`);
    return data;
  };
  return {
    login: (email, password) => call('POST', '/auth/login', undefined, { email, password }),
    get: (path, token) => call('GET', path, token),
    post: (path, token, body) => call('POST', path, token, body),
    put: (path, token, body) => call('PUT', path, token, body),
    del: (path, token) => call('DELETE', path, token),
  };
}

/**
 * Creates a company with an admin and executives. Their passwords are then changed through the API so
 * the forced-change banner stays out of the way of tests about other things.
 */
export async function seedTenant(url, { company = 'Acme Browser Co', executives = ['Erin Exec'], password = 'browser-pass-1' } = {}) {
  const api = restClient(url);
  const { token: root } = await api.login(SUPERADMIN.email, SUPERADMIN.password);
  const c = await api.post('/companies', root, { name: company, industry: 'Testing', description: 'Made by a browser test' });
  const slug = company.toLowerCase().replace(/[^a-z]+/g, '');
  const temp = 'temporary-pass-1';
  const admin = await api.post('/users', root, { name: 'Alex Admin', email: `admin@${slug}.test`, department: 'Ops', phoneNumber: '+1 555 0100', password: temp, role: 'admin', company: c._id });
  const adminToken = (await api.login(admin.email, temp)).token;
  const execs = [];
  for (const [i, name] of executives.entries()) {
    execs.push(await api.post('/users', adminToken, { name, email: `exec${i}@${slug}.test`, department: i % 2 ? 'Marketing' : 'Sales', phoneNumber: '+1 555 0101', password: temp, role: 'executive', company: c._id }));
  }
  for (const u of [admin, ...execs]) {
    const { token } = await api.login(u.email, temp);
    await api.put('/auth/change-password', token, { currentPassword: temp, newPassword: password });
  }
  return { company: c, admin: { ...admin, password }, executives: execs.map((e) => ({ ...e, password })), rootToken: root };
}

/** One browser "person": its own profile directory, so sessions never leak between people. */
export async function openBrowser() {
  const dir = mkdtempSync(join(tmpdir(), 'kpi-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: 1280, height: 860 },
  });
  return {
    context,
    page: context.pages()[0] ?? (await context.newPage()),
    async close() {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The browsers a test file opens, closed together in `after`. `person()` opens one more "person" with their
 * own profile; `closeAll()` closes every one.
 */
export function browserPool() {
  const open = [];
  return {
    async person() {
      const b = await openBrowser();
      open.push(b);
      return b;
    },
    async closeAll() {
      for (const b of open.splice(0)) await b.close();
    },
  };
}

/** Records main-frame navigations from now on: a live update must not reload the page. */
export function trackNavigations(page) {
  const seen = [];
  page.on('framenavigated', (f) => f === page.mainFrame() && seen.push(f.url()));
  return seen;
}

export async function signIn(page, url, email, password) {
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
