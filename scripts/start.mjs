#!/usr/bin/env node
// `npm start`: build what changed (scripts/build-changed.mjs), then run the built api in this same process
// (one Node start-up instead of two).
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildChanged } from './build-changed.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
try {
  buildChanged();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
createRequire(import.meta.url)(join(ROOT, 'api', 'dist', 'main.js'));
