import { join } from 'node:path';
import { NODE_FLAGS, ROOT, PROBE } from './app.mjs';
import { ask, freePort, startChild } from './process.mjs';

const FLOORS = join(ROOT, 'scripts', 'bench', 'floors');

function ready(child) {
  return new Promise((res, rej) => {
    child.once('exit', (code) => rej(new Error(`floor exited with ${code}`)));
    child.on('message', (m) => m?.type === 'ready' && res());
  });
}

/** The bare Nest floor; `serve(path, bytes, contentType)` makes it answer GET path with those bytes. */
export async function startBareNest() {
  const port = await freePort();
  const proc = startChild([...NODE_FLAGS, join(FLOORS, 'bare-nest.cjs')], { cwd: ROOT, env: { PORT: String(port) } });
  await ready(proc.child);
  const base = `http://127.0.0.1:${port}`;
  const serve = (path, body, contentType) => ask(proc.child, { type: 'serve', path, body: body.toString('base64'), contentType });
  return { ...proc, base, serve };
}

/** The bare Socket.IO floor with the probe preloaded (publish times come back as `published` messages). */
export async function startBareSocketIo() {
  const port = await freePort();
  const proc = startChild([...NODE_FLAGS, '--expose-gc', '--require', PROBE, join(FLOORS, 'bare-socketio.cjs')], { cwd: ROOT, env: { PORT: String(port) } });
  await ready(proc.child);
  const base = `http://127.0.0.1:${port}`;
  const publish = (room, event, payload) => ask(proc.child, { type: 'publish', room, event, payload });
  return { ...proc, base, publish };
}

/**
 * The bare scoring floor on the run's database (`target`, the context's): fresh tables of its own in a new SQLite
 * file `sqliteFile`, or in a schema of the PostgreSQL database. `load(tasks, bytes)` gives it the tasks it may score
 * ({ id, userId, companyId }) and the bytes to send ({ response, scored, leaderboard }, taken from the api).
 */
export async function startBareScoring(target, sqliteFile) {
  const port = await freePort();
  const database = target.database === 'postgres' ? { FLOOR_PG: target.databaseUrl } : { FLOOR_DB: sqliteFile };
  const proc = startChild([...NODE_FLAGS, join(FLOORS, 'bare-scoring.cjs')], { cwd: ROOT, env: { PORT: String(port), ...database } });
  await ready(proc.child);
  const base = `http://127.0.0.1:${port}`;
  const load = async (tasks, { response, scored, leaderboard }) => {
    await ask(proc.child, { type: 'tasks', tasks });
    await ask(proc.child, { type: 'bytes', response: response.toString('base64'), scored, leaderboard });
  };
  return { ...proc, base, load };
}
