// `npm start` rebuilds only what changed: which workspaces a change makes stale.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { staleWorkspaces, writeStamp } from '../build-changed.mjs';

let root;
const write = (path, text) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};
const stale = () => staleWorkspaces(root).map((w) => w.name);
/** As after a successful build of every stale workspace. */
const buildAll = () => {
  for (const ws of staleWorkspaces(root)) {
    mkdirSync(join(root, ws.name, 'dist'), { recursive: true });
    writeStamp(root, ws);
  }
};

before(() => {
  root = mkdtempSync(join(tmpdir(), 'kpi-build-changed-'));
  write('package-lock.json', '{}');
  write('tsconfig.json', '{}');
  write('contracts/src/index.ts', 'export const a = 1;');
  write('api/src/main.ts', 'console.log(1);');
  write('web/src/main.tsx', 'export {};');
});
after(() => rmSync(root, { recursive: true, force: true }));

test('a fresh clone (no dist, no stamps) builds every workspace, in order', () => {
  assert.deepEqual(stale(), ['contracts', 'api', 'web']);
});

test('an unchanged tree builds nothing; build output and node_modules do not count as changes', () => {
  buildAll();
  assert.deepEqual(stale(), []);
  write('api/dist/main.js', 'built');
  write('web/node_modules/x/index.js', 'installed');
  assert.deepEqual(stale(), []);
});

test('a web change rebuilds only the web; an api change only the api', () => {
  write('web/src/main.tsx', 'export const changed = true;');
  assert.deepEqual(stale(), ['web']);
  buildAll();
  write('api/src/main.ts', 'console.log(2);');
  assert.deepEqual(stale(), ['api']);
  buildAll();
});

test('a contracts change rebuilds contracts, api and web; so does a new lock file', () => {
  write('contracts/src/index.ts', 'export const a = 2;');
  assert.deepEqual(stale(), ['contracts', 'api', 'web']);
  buildAll();
  write('package-lock.json', '{"changed":true}');
  assert.deepEqual(stale(), ['contracts', 'api', 'web']);
});

test('a deleted dist (or stamp) means that workspace builds again', () => {
  buildAll();
  rmSync(join(root, 'api', 'dist'), { recursive: true });
  assert.deepEqual(stale(), ['api']);
});
