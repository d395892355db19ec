#!/usr/bin/env node
// `npm start`: build what changed (scripts/build-changed.mjs), then run the built api in this same process
// (one Node start-up instead of two). Off a terminal (or with LOG_FORMAT=json) its own lines are JSON lines like
// the server's (docs/operations.md, "Logs"); on a terminal they stay plain.
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildChanged } from './build-changed.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const json = process.env.LOG_FORMAT ? process.env.LOG_FORMAT === 'json' : !process.stdout.isTTY;
const say = json
  ? (message, level = 'info') => process.stdout.write(`${JSON.stringify({ level, time: new Date().toISOString(), context: 'start', message })}\n`)
  : undefined;
try {
  buildChanged(ROOT, say);
} catch (err) {
  if (say) say(err.message, 'fatal');
  else console.error(err.message);
  process.exit(1);
}
createRequire(import.meta.url)(join(ROOT, 'api', 'dist', 'main.js'));
