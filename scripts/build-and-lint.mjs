#!/usr/bin/env node
// The first step of `npm test`: builds every workspace and lints the whole tree, the two side by side.
// The type-aware lint is one thread and takes about as long as the api and web builds together; on two cores
// running them at once adds little to the build's time. The contracts build first: both read its dist.
// Build output streams as it comes; the linter's report is printed whole once both are done.
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs `npm <args>` in the repository root; resolves with its exit code and, when `capture`, its output. */
const npm = (args, { capture = false } = {}) =>
  new Promise((done) => {
    const child = spawn('npm', args, { cwd: ROOT, stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (capture) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('close', (code, signal) => done({ code: code ?? (signal ? 1 : 0), output }));
  });

const contracts = await npm(['run', 'build', '-w', 'contracts']);
if (contracts.code !== 0) process.exit(contracts.code);

const buildApiThenWeb = async () => {
  const api = await npm(['run', 'build', '-w', 'api']);
  return api.code !== 0 ? api : npm(['run', 'build', '-w', 'web']);
};
const [build, lint] = await Promise.all([buildApiThenWeb(), npm(['run', 'lint:only'], { capture: true })]);

process.stdout.write(lint.output);
if (build.code !== 0) console.error('build failed');
if (lint.code !== 0) console.error('lint failed: `npm run lint` repeats it alone');
process.exit(build.code || lint.code);
