#!/usr/bin/env node
// Usage: npm run bench [-- --rounds 200 --executives 100 --warmup 10]
//        (or: node scripts/bench/run.mjs [...same flags])
//
// Score-to-screen latency. Starts the built api (api/dist/main.js; built first if missing) on a fresh SQLite
// file in a temporary folder, creates a company, an admin and N executives over REST, connects one
// socket.io client per executive, then, round after round: an executive submits a task, the admin scores it,
// and we time from sending the score request to the assignee's socket receiving `task.scored`. The floor is
// the same PUT's response time alone. Prints figures; never fails on timing. Stops everything it started.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const MAIN = join(ROOT, 'api', 'dist', 'main.js');
const SUPERADMIN = { email: 'bench-root@kpi.bench', password: 'bench-root-password' };
const PASSWORD = 'bench-password-1';

function flag(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i === -1) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} needs a positive whole number`);
    process.exit(2);
  }
  return value;
}
if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log('Usage: node scripts/bench/run.mjs [--rounds 200] [--executives 100] [--warmup 10]');
  process.exit(0);
}
const ROUNDS = flag('rounds', 200);
const EXECUTIVES = flag('executives', 100);
const WARMUP = flag('warmup', 10);

const cleanup = [];
let stopping = null;
/** Runs every cleanup step once, newest first; later callers wait for the same run. */
function stopAll() {
  stopping ??= (async () => {
    for (const step of cleanup.reverse()) {
      try {
        await step();
      } catch (err) {
        console.error(`cleanup: ${err.message}`);
      }
    }
  })();
  return stopping;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping`);
    stopAll().finally(() => process.exit(130));
  });
}

function freePort() {
  return new Promise((res, rej) => {
    const server = createServer();
    server.unref();
    server.on('error', rej);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => res(port));
    });
  });
}

function buildIfMissing() {
  if (existsSync(MAIN)) return;
  console.log('api/dist/main.js not found: building contracts and api first...');
  for (const ws of ['contracts', 'api']) {
    const r = spawnSync('npm', ['run', 'build', '-w', ws], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`npm run build -w ${ws} failed`);
  }
}

async function startApi() {
  const dir = mkdtempSync(join(tmpdir(), 'kpi-bench-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: `sqlite:${join(dir, 'bench.sqlite')}`,
      DEMO_SEED: 'false',
      PORT: String(port),
      SUPERADMIN_EMAIL: SUPERADMIN.email,
      SUPERADMIN_PASSWORD: SUPERADMIN.password,
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
      LOG_LEVEL: 'error',
      LOGIN_RATE_LIMIT: '100000',
      HANDSHAKE_RATE_LIMIT: '1000000',
      WEB_DIST: join(dir, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((res) => child.once('exit', res));
  cleanup.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  });

  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the api exited during start-up:\n${output}`);
    try {
      const res = await fetch(`${base}/api/auth/verify`);
      if (res.status === 401) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the api did not answer within 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  return { base, pid: child.pid };
}

function client(base) {
  async function call(method, path, token, body) {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const json = text ? JSON.parse(text) : null;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return json;
  }
  return {
    call,
    login: (email, password) => call('POST', '/auth/login', undefined, { email, password }),
  };
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function pool(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i], i);
    }
  });
  await Promise.all(lanes);
  return results;
}

function connect(base, token) {
  const socket = io(base, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  cleanup.push(() => socket.close());
  return new Promise((res, rej) => {
    const timer = setTimeout(() => rej(new Error('socket did not sync within 10 s')), 10_000);
    socket.once('sync', () => (clearTimeout(timer), res(socket)));
    socket.once('resync', () => (clearTimeout(timer), res(socket)));
    socket.once('connect_error', (err) => (clearTimeout(timer), rej(err)));
  });
}

function waitForScored(socket, taskId) {
  return new Promise((res, rej) => {
    const timer = setTimeout(() => {
      socket.off('task.scored', onEvent);
      rej(new Error(`no task.scored for ${taskId} within 10 s`));
    }, 10_000);
    function onEvent(envelope) {
      if (envelope?.payload?.task?._id !== taskId) return;
      clearTimeout(timer);
      socket.off('task.scored', onEvent);
      res(performance.now());
    }
    socket.on('task.scored', onEvent);
  });
}

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  const mean = sorted.reduce((s, v) => s + v, 0) / sorted.length;
  return { p50: at(50), p90: at(90), p99: at(99), mean, min: sorted[0], max: sorted[sorted.length - 1] };
}

async function main() {
  buildIfMissing();
  const started = performance.now();
  const { base, pid } = await startApi();
  console.log(`api started (pid ${pid}) on ${base} with a fresh SQLite database`);
  const api = client(base);

  const root = await api.login(SUPERADMIN.email, SUPERADMIN.password);
  const company = await api.call('POST', '/companies', root.token, { name: 'Bench Co', industry: 'Benchmarks', description: 'Made by scripts/bench/run.mjs' });
  const adminEmail = 'admin@bench.test';
  await api.call('POST', '/users', root.token, { name: 'Bench Admin', email: adminEmail, department: 'Ops', phoneNumber: '+1 555 0100', password: PASSWORD, role: 'admin', company: company._id });
  const admin = await api.login(adminEmail, PASSWORD);

  const setup = performance.now();
  const executives = await pool([...Array(EXECUTIVES).keys()], 4, async (i) => {
    const email = `exec-${i}@bench.test`;
    const user = await api.call('POST', '/users', admin.token, { name: `Executive ${i}`, email, department: ['Sales', 'Operations', 'Marketing'][i % 3], phoneNumber: '+1 555 0101', password: PASSWORD, role: 'executive', company: company._id });
    const session = await api.login(email, PASSWORD);
    return { user, token: session.token };
  });
  const sockets = await pool(executives, 10, (e) => connect(base, e.token));
  console.log(`created ${EXECUTIVES} executives and connected ${sockets.length} sockets in ${((performance.now() - setup) / 1000).toFixed(1)} s`);

  const deadline = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
  const toEvent = [];
  const toResponse = [];
  const total = WARMUP + ROUNDS;
  for (let round = 0; round < total; round++) {
    const i = round % EXECUTIVES;
    const exec = executives[i];
    const task = await api.call('POST', '/tasks', admin.token, {
      title: `Bench task ${round}`, description: 'Measured by the benchmark.', assignedTo: exec.user._id, deadline, reportLink: 'https://reports.example.com/bench',
    });
    await api.call('PUT', `/tasks/${task._id}/submit`, exec.token, { content: 'Done.' });

    const received = waitForScored(sockets[i], task._id);
    const t0 = performance.now();
    await api.call('PUT', `/tasks/${task._id}/score`, admin.token, { qualityScore: 8, initiativeScore: 7.5, feedback: 'Measured.' });
    const tResponse = performance.now();
    const tEvent = await received;
    if (round >= WARMUP) {
      toEvent.push(tEvent - t0);
      toResponse.push(tResponse - t0);
    }
  }

  const row = (label, s) =>
    `${label.padEnd(44)} ${[s.p50, s.p90, s.p99, s.mean, s.min, s.max].map((v) => v.toFixed(2).padStart(8)).join(' ')}`;
  const ev = stats(toEvent);
  const put = stats(toResponse);
  console.log(`\n${ROUNDS} scorings (after ${WARMUP} warm-up), ${EXECUTIVES} executive sockets connected, times in ms`);
  console.log(`${''.padEnd(44)} ${['p50', 'p90', 'p99', 'mean', 'min', 'max'].map((h) => h.padStart(8)).join(' ')}`);
  console.log(row('score sent -> task.scored on assignee socket', ev));
  console.log(row('floor: score PUT response alone', put));
  console.log(`\nevent / floor: p50 ${(ev.p50 / put.p50).toFixed(2)}x, mean ${(ev.mean / put.mean).toFixed(2)}x`);
  console.log(`total run time ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

let failed = false;
try {
  await main();
} catch (err) {
  failed = true;
  if (!stopping) console.error(`bench failed: ${err.message}`);
} finally {
  await stopAll();
}
process.exit(failed ? 1 : 0);
