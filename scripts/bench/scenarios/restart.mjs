import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT } from '../lib/app.mjs';
import { freePort, onCleanup, sleep } from '../lib/process.mjs';
import { row } from '../lib/compare.mjs';

/** Runs `npm start` (build as configured, then serve) on a fresh folder; resolves with ms until /api/health answers. */
async function timeStart(dir) {
  const port = await freePort();
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true, // its own process group: npm, the shell and node stop together
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), DATABASE_URL: `sqlite:${join(dir, 'kpi.sqlite')}`, DEMO_SEED: 'false', LOG_LEVEL: 'error', JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789' },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
      return true;
    } catch {
      return false; // the group is gone already
    }
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || !signal('SIGTERM')) return;
    for (let i = 0; i < 100 && child.exitCode === null && child.signalCode === null; i++) await sleep(50);
    signal('SIGKILL');
  };
  onCleanup(stop);
  const t0 = performance.now();
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output.slice(-2000)}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) return performance.now() - t0;
      } catch {
        // not yet
      }
      if (performance.now() - t0 > 300_000) throw new Error(`npm start did not answer within 300 s:\n${output.slice(-2000)}`);
      await sleep(50);
    }
  } finally {
    await stop();
  }
}

export default {
  name: 'restart',
  title: 'npm start twice on an unchanged tree: time until the second answers',
  async run(ctx) {
    const dir = join(ctx.tmp(), 'restart');
    mkdirSync(dir, { recursive: true });
    const first = await timeStart(dir);
    const second = await timeStart(dir);
    return [
      row({ scenario: 'npm start, first (tree as found)', metric: 's to answer', app: first / 1000, target: '—' }),
      row({ scenario: 'npm start, second, unchanged tree', metric: 's to answer', app: second / 1000, target: '≤ 3 s' }),
    ];
  },
};
