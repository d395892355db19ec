import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

// The real entry point from its sources: an operator's bad setting must read as one sentence naming it.
describe('start-up with a bad setting', () => {
  it('stops with a message naming the variable, and no stack trace', () => {
    const run = spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', '-r', 'reflect-metadata', 'src/main.ts'], {
      cwd: join(__dirname, '..', '..'),
      env: { PATH: process.env.PATH, PORT: 'abc', DEMO_SEED: 'false' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('PORT: must be a number');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 70_000);
});
