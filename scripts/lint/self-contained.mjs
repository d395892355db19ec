#!/usr/bin/env node
// The repository stands alone: no tracked file cites a document that is not in it (the product description it
// was first built from, style or stack notes kept beside the checkout) nor an absolute path of one machine. Cite
// the repository's own docs instead: docs/product.md for what the product shows and says, docs/decisions.md for
// the choices it leaves open, docs/architecture.md for the layers. Run by `npm run lint` (and so by `npm test`).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(import.meta.url);
const ROOT = resolve(dirname(HERE), '../..');

// The names are spelt in pieces so that a plain grep of the tree for them finds nothing, this file included.
const OUTSIDE_NAMES = ['SP' + 'EC', 'DES' + 'IGN'];

/** What may not appear, each with the reason printed beside a hit. */
export const OUTSIDE_REFERENCES = [
  { pattern: new RegExp(`\\b(?:${OUTSIDE_NAMES.join('|')})\\b`), reason: 'cites a product description kept outside the repository: cite docs/product.md or docs/decisions.md' },
  { pattern: /\b(?:STYLE|STACK)\.md\b/, reason: 'cites a note kept outside the repository: state the rule, or cite docs/' },
  { pattern: /(?:^|[\s"'`(=:])\/work\//, reason: "an absolute path of one machine's checkout: use a path relative to the repository" },
  { pattern: /\.\.\/shared\//, reason: 'a path outside the repository' },
];

/** Files not read: binary assets, and the lock file (package names, no prose). */
const SKIPPED = /\.(?:png|jpe?g|gif|webp|ico|woff2?|ttf|sqlite|gz|br|zip)$|(?:^|\/)package-lock\.json$/;

/** The hits in one file's text: `{ line, text, reason }` for every line that cites something outside. */
export function outsideReferences(text) {
  const hits = [];
  text.split('\n').forEach((line, index) => {
    for (const { pattern, reason } of OUTSIDE_REFERENCES) {
      if (pattern.test(line)) {
        hits.push({ line: index + 1, text: line.trim(), reason });
        break;
      }
    }
  });
  return hits;
}

function trackedFiles() {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT });
  return out.toString('utf8').split('\0').filter(Boolean);
}

if (process.argv[1] && resolve(process.argv[1]) === HERE) {
  const self = relative(ROOT, HERE);
  let failures = 0;
  for (const file of trackedFiles()) {
    if (file === self || SKIPPED.test(file)) continue;
    let text;
    try {
      text = readFileSync(join(ROOT, file), 'utf8');
    } catch {
      continue; // listed by git but deleted in the working tree
    }
    if (text.includes('\0')) continue;
    for (const hit of outsideReferences(text)) {
      failures += 1;
      console.error(`${file}:${hit.line}: ${hit.reason}\n    ${hit.text}`);
    }
  }
  if (failures > 0) {
    console.error(`\n${failures} reference(s) to files outside the repository (scripts/lint/self-contained.mjs)`);
    process.exit(1);
  }
}
