// scripts/lint/self-contained.mjs: a line citing a document outside the repository is reported, and only such lines.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { outsideReferences } from '../lint/self-contained.mjs';

// Built from pieces, so this file does not trip the check it tests.
const S = 'SP' + 'EC';
const D = 'DES' + 'IGN';

test('references to documents outside the repository are reported', () => {
  const cited = [
    `/** Business constants of ${S} §9. */`,
    `// as ${S} pins it`,
    `# Decisions where ${S}.md and ${D}.md are silent`,
    `(${D} §4 audiences)`,
    `The one store lives in app/store.ts (${'STY' + 'LE'}.md).`,
    `the owner chose sqlite3 (${'STA' + 'CK'}.md).`,
    `see ${'/wo' + 'rk'}/shared/notes.md`,
    `read '${'/wo' + 'rk'}/main/README.md'`,
    `\`../${'sha' + 'red'}/versions.md\``,
  ];
  for (const line of cited) assert.equal(outsideReferences(line).length, 1, line);
});

test('the repository’s own words pass', () => {
  const fine = [
    '/** Business constants of docs/product.md#business-rules-and-constants. */',
    "it('runs the e2e specs')",
    'const STACK = /\\n\\s*at /;',
    'node --test scripts/browser/spec-routes.test.mjs',
    'api/test/e2e/paging.e2e-spec.ts',
    // A folder merely named like the workplace's, deeper in a path, is not a reference to it (built here, so no
    // absolute path of a machine stands in the repository).
    `cd ${['', 'tmp', 'work', 'x'].join('/')}`,
  ];
  for (const line of fine) assert.deepEqual(outsideReferences(line), [], line);
});

test('each hit names its line', () => {
  const hits = outsideReferences(`first\nsecond (${S} §2)\nthird`);
  assert.deepEqual(hits.map((h) => h.line), [2]);
});
