import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { cpuMicros } from '../bench/lib/process-cpu.mjs';

test("the bench reads a process's CPU time: busy work shows, waiting does not", async () => {
  const start = cpuMicros(process.pid);
  assert.equal(typeof start, 'number');
  const until = Date.now() + 300;
  let spin = 0;
  while (Date.now() < until) spin++;
  const busy = cpuMicros(process.pid) - start;
  assert.ok(busy >= 200_000, `300 ms of spinning counted ${busy} µs`);
  const beforeSleep = cpuMicros(process.pid);
  await new Promise((r) => setTimeout(r, 300));
  assert.ok(cpuMicros(process.pid) - beforeSleep < 100_000, 'sleeping is not CPU time');
  assert.ok(spin > 0);
});

test('a process that is not there has no CPU time', () => {
  assert.equal(cpuMicros(2 ** 22 + 12345), null);
});

test("a thread's CPU time is its own: another thread's spinning counts for the process, not for the main thread", async () => {
  const main = cpuMicros(process.pid, process.pid);
  const all = cpuMicros(process.pid);
  const worker = new Worker('const until = Date.now() + 300; while (Date.now() < until);', { eval: true });
  await new Promise((resolve) => worker.once('exit', resolve));
  const mainSpent = cpuMicros(process.pid, process.pid) - main;
  const allSpent = cpuMicros(process.pid) - all;
  assert.ok(allSpent - mainSpent >= 150_000, `the worker's 300 ms of spinning counted ${allSpent - mainSpent} µs`);
  assert.ok(mainSpent < allSpent);
});
