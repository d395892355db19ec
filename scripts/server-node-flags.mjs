// The Node flags the api runs with. `npm start` passes them (the root package.json's "start" script); the bench
// reads them from there, so it measures the api, and its floors, on the same runtime settings.
//
// --v8-pool-size=0: V8's background threads (concurrent marking, sweeping, compiling) are sized by Node to the
// machine's parallelism instead of a fixed 4. On 2 cores, four of them contend with the event loop and SQLite's
// thread for the same two cores whenever a major GC starts (docs/decisions.md, "V8's threads sized to the machine").
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const START = /^node((?: --[a-z0-9-]+(?:=\S+)?)*) scripts\/start\.mjs$/;

/** The flags between `node` and `scripts/start.mjs` in `start`; throws when the script has another shape. */
export function nodeFlagsOf(start) {
  const match = START.exec(start ?? '');
  if (!match) throw new Error(`the "start" script must read "node [--flag ...] scripts/start.mjs", not: ${start}`);
  return match[1].split(' ').filter(Boolean);
}

/** The node flags of `npm start` in the package.json at `root`. */
export function serverNodeFlags(root) {
  return nodeFlagsOf(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts?.start);
}
