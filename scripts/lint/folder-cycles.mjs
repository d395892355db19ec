#!/usr/bin/env node
// Imports between folders point one way only: no two folders of api/src or web/src import each other, directly or
// round a loop. A folder here is a top folder under src/ (common/, events/, lib/…), and each domain of modules/
// and features/ on its own, as docs/architecture.md draws them; a file directly under src/ (main.ts) is its own.
// The layer table (layers.mjs) says which layer may import which; this check also covers the domains beside each
// other, where no table says which is lower, only that the arrows between them must never close a loop.
// Run by `npm run lint` (and so by `npm test`); tests are left out, as they may reach anywhere.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const CHECKED = ['api/src', 'web/src', 'contracts/src'];
/** Folders whose subfolders are rooms of their own: one per domain. */
const DOMAIN_FOLDERS = new Set(['modules', 'features']);
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const TEST = /\.(spec|test|e2e-spec)\.[a-z]+$/;
const IMPORT = /(?:^|[\s;])(?:import|export)\s(?:[^'";]*?\sfrom\s)?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

const sourceFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [path] : [];
  });

const resolveImport = (from, specifier) => {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
};

const roomOf = (src, file) => {
  const parts = relative(src, file).split(sep);
  if (parts.length === 1) return parts[0];
  return DOMAIN_FOLDERS.has(parts[0]) && parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
};

/** The imports between rooms of one source tree: `from>to` → the file pairs behind it. */
export function roomEdges(src) {
  const files = sourceFiles(src);
  const known = new Set(files);
  const edges = new Map();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveImport(file, match[1] ?? match[2]);
      if (!target || !known.has(target)) continue;
      const [from, to] = [roomOf(src, file), roomOf(src, target)];
      if (from === to) continue;
      const key = `${from}>${to}`;
      edges.set(key, [...(edges.get(key) ?? []), `${relative(src, file)} -> ${relative(src, target)}`]);
    }
  }
  return edges;
}

/** The loops among rooms (strongly connected groups of two or more), each with the imports that close it. */
export function folderCycles(src) {
  const edges = roomEdges(src);
  const next = new Map();
  for (const key of edges.keys()) {
    const [from, to] = key.split('>');
    next.set(from, [...(next.get(from) ?? []), to]);
  }
  // Tarjan's strongly connected components.
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (room) => {
    index.set(room, index.size);
    low.set(room, index.get(room));
    stack.push(room);
    onStack.add(room);
    for (const to of next.get(room) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(room, Math.min(low.get(room), low.get(to)));
      } else if (onStack.has(to)) low.set(room, Math.min(low.get(room), index.get(to)));
    }
    if (low.get(room) !== index.get(room)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== room);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const room of next.keys()) if (!index.has(room)) visit(room);
  return groups.map((rooms) => ({
    rooms,
    imports: [...edges].filter(([key]) => key.split('>').every((room) => rooms.includes(room))).flatMap(([, pairs]) => pairs).sort(),
  }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let failed = false;
  for (const tree of CHECKED) {
    for (const { rooms, imports } of folderCycles(join(ROOT, tree))) {
      failed = true;
      console.error(`${tree}: these folders import each other round a loop: ${rooms.join(', ')}`);
      for (const pair of imports) console.error(`  ${pair}`);
    }
  }
  if (failed) {
    console.error('Move what both sides need down a layer, or let the lower side declare a port (docs/architecture.md, "Ports").');
    process.exit(1);
  }
}
