// The api's syntax rules (scripts/lint/api-syntax.mjs) report what they forbid, and only that, where they apply.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
});

const reports = async (filePath, code) => {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  assert.deepEqual(result.messages.filter((m) => m.fatal), [], 'the snippet parses');
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
};

const RAW_PREDICATE = "export const sql = 'select id from tasks where company_id = ? and id = ?';\n";
const RAW_TEMPLATE = 'export const sql = (c: string) => `select id from users u where u.company_id in (${c})`;\n';
const PATCH = 'export function tap(db: { all: unknown }) {\n  db.all = () => 1;\n}\n';
const PRIVATE = 'export const store = (ctx: { _storage: unknown }) => ctx._storage;\n';

test('a company predicate written in a service fails lint', async () => {
  assert.equal((await reports('api/src/modules/tasks/tasks.service.ts', RAW_PREDICATE)).length, 1);
  assert.equal((await reports('api/src/modules/users/x.ts', RAW_TEMPLATE)).length, 1);
});

test('a repository or a query object may write it', async () => {
  assert.deepEqual(await reports('api/src/modules/tasks/task.repository.ts', RAW_PREDICATE), []);
  assert.deepEqual(await reports('api/src/modules/stats/standings.query.ts', RAW_TEMPLATE), []);
});

test("overwriting a library object's method or reading its private field fails lint everywhere in the api", async () => {
  for (const file of ['api/src/database/x.ts', 'api/src/realtime/x.ts', 'api/src/modules/tasks/task.repository.ts']) {
    assert.equal((await reports(file, PATCH)).length, 1, file);
    assert.equal((await reports(file, PRIVATE)).length, 1, file);
  }
});

test('our own fields, `_id` and assignments to this pass', async () => {
  assert.deepEqual(await reports('api/src/modules/x.ts', 'export class A {\n  run = 1;\n  set() {\n    this.run = 2;\n  }\n}\nexport const id = (t: { _id: string }) => t._id;\n'), []);
});
