// `npm start` and the bench run the api with the same Node flags, read from the root package.json.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { nodeFlagsOf, serverNodeFlags } from '../server-node-flags.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

test('npm start runs the api with a V8 thread pool sized to the machine', () => {
  assert.deepEqual(serverNodeFlags(ROOT), ['--v8-pool-size=0']);
});

test('the flags are the ones between node and scripts/start.mjs', () => {
  assert.deepEqual(nodeFlagsOf('node scripts/start.mjs'), []);
  assert.deepEqual(nodeFlagsOf('node --v8-pool-size=0 --max-semi-space-size=32 scripts/start.mjs'), ['--v8-pool-size=0', '--max-semi-space-size=32']);
});

test('a start script of another shape is refused, so the bench cannot drop the flags silently', () => {
  assert.throws(() => nodeFlagsOf('tsx api/src/main.ts'), /"start" script must read/);
  assert.throws(() => nodeFlagsOf(undefined), /"start" script must read/);
});

test('node accepts the flags', () => {
  const run = spawnSync(process.execPath, [...serverNodeFlags(ROOT), '-e', 'process.stdout.write("ok")'], { encoding: 'utf8' });
  assert.equal(run.stderr, '');
  assert.equal(run.stdout, 'ok');
});
