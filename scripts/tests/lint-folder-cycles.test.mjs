// The folder-cycle check (scripts/lint/folder-cycles.mjs) finds a loop of imports between folders, names the
// imports that close it, and passes the trees of this repository.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { CHECKED, folderCycles } from '../lint/folder-cycles.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

const tree = (files) => {
  const dir = mkdtempSync(join(tmpdir(), 'folder-cycles-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
};

test('two domains importing each other are a loop, named with the imports that close it', (t) => {
  const dir = tree({
    'modules/users/users.service.ts': "import { Stats } from '../stats/stats.service';\nexport const u = Stats;\n",
    'modules/stats/stats.service.ts': "import type { User } from '../users/user.entity';\nexport const Stats = 1;\n",
    'modules/users/user.entity.ts': 'export interface User { id: string }\n',
    'common/x.ts': 'export const x = 1;\n',
  });
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  assert.deepEqual(folderCycles(dir), [
    {
      rooms: ['modules/stats', 'modules/users'],
      imports: ['modules/stats/stats.service.ts -> modules/users/user.entity.ts', 'modules/users/users.service.ts -> modules/stats/stats.service.ts'],
    },
  ]);
});

test('a loop through three layers is found; tests and imports inside one folder are not loops', (t) => {
  const dir = tree({
    'common/a.ts': "import { c } from '../config/env';\nexport const a = c;\n",
    'config/env.ts': "import { s } from '../schema/orm';\nexport const c = s;\n",
    'schema/orm.ts': "export { a } from '../common/a';\nexport const s = 1;\n",
    'events/x.ts': "import { y } from './y';\nexport const x = y;\n",
    'events/y.ts': "import { x } from './x';\nexport const y = x;\n",
    'modules/tasks/tasks.spec.ts': "import { t } from '../../realtime/r';\nexport const z = t;\n",
    'realtime/r.ts': "import { x } from '../modules/tasks/t';\nexport const t = x;\n",
    'modules/tasks/t.ts': 'export const x = 1;\n',
  });
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  assert.deepEqual(folderCycles(dir).map((cycle) => cycle.rooms), [['common', 'config', 'schema']]);
});

test('the repository has no loop between folders', () => {
  for (const src of CHECKED) assert.deepEqual(folderCycles(join(root, src)), [], src);
});
