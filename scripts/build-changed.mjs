#!/usr/bin/env node
// Builds only the workspaces whose inputs changed since their last build: `npm start` (scripts/start.mjs)
// runs this instead of the full `npm run build`, so a second start on an unchanged tree skips straight to serving.
// A workspace's inputs are its files (minus node_modules and dist), the contracts' files (api and web build
// against them), the root tsconfig.json and package-lock.json. Their content hash is written to
// <workspace>/dist/.build-stamp after a successful build; a missing dist or stamp means "build".
// `npm run build` (and so `npm test`) still builds everything, always.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = new Set(['node_modules', 'dist', 'coverage', '.vite']);
const WORKSPACES = [
  { name: 'contracts', inputs: ['contracts'] },
  { name: 'api', inputs: ['api', 'contracts'] },
  { name: 'web', inputs: ['web', 'contracts'] },
];
const SHARED = ['package-lock.json', 'tsconfig.json'];

function files(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...files(path));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** One hash over the relative paths and contents of every input, in a stable order. */
export function inputHash(inputs, root = ROOT) {
  const hash = createHash('sha256');
  const all = [...inputs.flatMap((d) => files(join(root, d))), ...SHARED.map((f) => join(root, f)).filter(existsSync)].sort();
  for (const file of all) {
    hash.update(relative(root, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const stampOf = (root, ws) => join(root, ws, 'dist', '.build-stamp');

/** The workspaces whose inputs differ from their stamp (or that have none), in build order, with the new hash. */
export function staleWorkspaces(root = ROOT) {
  return WORKSPACES.map((ws) => ({ name: ws.name, hash: inputHash(ws.inputs, root) })).filter((ws) => {
    const stamp = stampOf(root, ws.name);
    return !existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== ws.hash;
  });
}

/** Records a successful build of `ws` (its dist folder exists by then). */
export function writeStamp(root, ws) {
  writeFileSync(stampOf(root, ws.name), `${ws.hash}\n`);
}

/**
 * Builds each stale workspace in order; returns how many were built. `say(line, level)` prints a line; when it is
 * given (start.mjs off a terminal writes JSON lines), the builds' own output goes through it line by line too.
 */
export function buildChanged(root = ROOT, say) {
  let built = 0;
  const print = say ?? ((line) => console.log(line));
  // Hashes are taken before building, so an edit made during the build is picked up by the next start.
  for (const ws of staleWorkspaces(root)) {
    print(`building ${ws.name} (changed since its last build)...`, 'info');
    const result = spawnSync('npm', ['run', 'build', '-w', ws.name], { cwd: root, stdio: say ? ['ignore', 'pipe', 'pipe'] : 'inherit', encoding: 'utf8' });
    if (say) {
      const level = result.status === 0 ? 'info' : 'error';
      for (const line of `${result.stdout ?? ''}\n${result.stderr ?? ''}`.split('\n')) if (line.trim()) say(line, level);
    }
    if (result.status !== 0) throw new Error(`npm run build -w ${ws.name} failed`);
    writeStamp(root, ws);
    built++;
  }
  if (built === 0) print('build: nothing changed since the last build', 'info');
  return built;
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  try {
    buildChanged();
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
