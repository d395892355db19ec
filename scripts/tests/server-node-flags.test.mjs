// `npm start` and the bench run the api with the same Node flags, read from the root package.json.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
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

/** The threads of a node process started with `flags` (Linux: /proc), read before it starts any work. */
function threadsWith(flags) {
  const run = spawnSync(process.execPath, [...flags, '-e', 'process.stdout.write(require("fs").readFileSync("/proc/self/status", "utf8").match(/^Threads:\\s+(\\d+)/m)[1])'], { encoding: 'utf8' });
  assert.equal(run.stderr, '');
  return Number(run.stdout);
}

// Node's default pool is four threads; sized to a 2-core machine (CI's) it is one. On larger machines the two
// may be equal or the sized pool larger, so the comparison is made where it was measured.
const twoCores = availableParallelism() <= 2;
test('with the flags node starts fewer V8 worker threads than by default', { skip: !twoCores && 'more than two cores' }, () => {
  const withFlags = threadsWith(serverNodeFlags(ROOT));
  const byDefault = threadsWith([]);
  assert.ok(withFlags > 0 && withFlags < byDefault, `${withFlags} threads with the flags, ${byDefault} without`);
});
