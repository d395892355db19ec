import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import type { EventEnvelope } from '@kpi/contracts';
import { api, BUILT_SUPERADMIN, freePort, startBuilt, type BuiltServer } from '../utils/built-server';

/**
 * SIGKILL in the middle of a burst of 1,000 scorings, then restart on the same database, CRASH_ROUNDS times
 * (3 here; `npm run test:crash -w api` runs 20). Every round: PRAGMA integrity_check is ok; every acknowledged
 * scoring has its idempotency key, its history row and its task.scored event (all committed ones do); the hash
 * chain is intact; and the executives' sockets, which reconnect with the last sequence they saw, end up with every
 * committed task.scored event meant for them.
 */
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 3);
const BURST = 1000;
const CONCURRENCY = 20;
jest.setTimeout(60_000 + ROUNDS * 30_000);

// The driver the api itself uses (through @mikro-orm/sqlite), opened read-only beside the running server.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const sqlite3 = require('sqlite3') as typeof import('sqlite3');
function query<T>(file: string, sql: string): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY, (err) => err && reject(err));
    db.all(sql, (err, rows) => (db.close(), err ? reject(err) : resolve(rows as T[])));
  });
}

interface Watcher {
  userId: string;
  token: string;
  seen: Map<string, EventEnvelope>;
  lastSeq: number;
  socket: Socket | null;
}

function watch(url: string, w: Watcher): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = io(url, { auth: { token: w.token, since: w.lastSeq || undefined }, transports: ['websocket'], reconnection: false, forceNew: true });
    w.socket = socket;
    socket.onAny((type: string, e: EventEnvelope) => {
      if (e && typeof e === 'object' && 'seq' in e) {
        if (type === 'task.scored') w.seen.set(e.id, e);
        w.lastSeq = Math.max(w.lastSeq, e.seq);
      }
    });
    socket.once('sync', ({ seq }: { seq: number }) => ((w.lastSeq = Math.max(w.lastSeq, seq)), resolve()));
    socket.once('resync', () => reject(new Error('resync: the replay could not cover the gap')));
    socket.once('connect_error', reject);
  });
}

describe(`crash durability: SIGKILL mid-burst, ${ROUNDS} rounds`, () => {
  let dir: string;
  let port: number;
  let server: BuiltServer;
  const figures = { rounds: 0, sent: 0, acknowledged: 0, committed: 0, lostWrites: 0, missedEvents: 0 };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kpi-crash-'));
    port = await freePort();
    server = await startBuilt(dir, port);
  });
  afterAll(() => {
    console.log(`crash figures: ${JSON.stringify(figures)}`);
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('loses no acknowledged write, event or chain link', async () => {
    const file = join(dir, 'kpi.sqlite');
    let call = api(server.url);
    const root = (await call('POST', '/auth/login', undefined, BUILT_SUPERADMIN)).body.token;
    const company = (await call('POST', '/companies', root, { name: 'Crash Co', industry: 'Testing', description: 'x' })).body;
    const person = (role: string, i: number) => ({ name: `${role} ${i}`, email: `${role}${i}@crash.test`, department: 'Ops', phoneNumber: '+1 555 0100', password: 'crash-test-pass-1', role, company: company._id });
    await call('POST', '/users', root, person('admin', 0));
    const admin = (await call('POST', '/auth/login', undefined, { email: 'admin0@crash.test', password: 'crash-test-pass-1' })).body.token;
    const watchers: Watcher[] = [];
    const tasks: string[] = [];
    for (let e = 0; e < 4; e++) {
      const exec = (await call('POST', '/users', admin, person('executive', e))).body;
      const token = (await call('POST', '/auth/login', undefined, { email: exec.email, password: 'crash-test-pass-1' })).body.token;
      watchers.push({ userId: exec._id, token, seen: new Map(), lastSeq: 0, socket: null });
      for (let k = 0; k < 5; k++) {
        const task = (await call('POST', '/tasks', admin, { title: `T${e}-${k}`, description: 'x', assignedTo: exec._id, deadline: new Date(Date.now() + 864e5).toISOString(), reportLink: 'https://r.example.com' })).body;
        await call('PUT', `/tasks/${task._id}/submit`, token, { content: 'done' });
        tasks.push(task._id);
      }
    }
    for (const w of watchers) await watch(server.url, w);

    for (let round = 0; round < ROUNDS; round++) {
      // The burst: 1,000 scorings, CONCURRENCY at a time, each with its own idempotency key.
      const acked: string[] = [];
      let next = 0;
      let killed = false;
      const worker = async () => {
        while (!killed && next < BURST) {
          const i = next++;
          const key = `r${round}-${i}`;
          figures.sent++;
          const res = await call('PUT', `/tasks/${tasks[i % tasks.length]}/score`, admin, { qualityScore: 1 + (i % 10), initiativeScore: 5, feedback: key }, { 'idempotency-key': key }).catch(() => null);
          if (res?.status === 200) acked.push(key);
        }
      };
      const workers = Array.from({ length: CONCURRENCY }, worker);
      await new Promise((r) => setTimeout(r, 800 + Math.random() * 2000));
      killed = true;
      server.child.kill('SIGKILL');
      await server.exited;
      await Promise.all(workers);
      figures.acknowledged += acked.length;

      // The database as the crash left it.
      expect(await query<{ integrity_check: string }>(file, 'pragma integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      const keys = new Set((await query<{ key: string }>(file, `select key from scoring_keys where key like 'r${round}-%'`)).map((r) => r.key));
      const lost = acked.filter((k) => !keys.has(k));
      figures.lostWrites += lost.length;
      expect(lost).toEqual([]);
      figures.committed += keys.size;
      // Each committed scoring is one key, one history row and one task.scored event, or none of them.
      const [{ n: allKeys }] = await query<{ n: number }>(file, 'select count(*) as n from scoring_keys');
      const [{ n: history }] = await query<{ n: number }>(file, 'select count(*) as n from score_history');
      const [{ n: scoredEvents }] = await query<{ n: number }>(file, `select count(*) as n from event_log where type = 'task.scored' and audience_kind = 'user'`);
      expect({ history, scoredEvents }).toEqual({ history: allKeys, scoredEvents: allKeys });

      // Back up on the same data: the chain is intact and reconnecting clients catch up.
      server = await startBuilt(dir, port);
      call = api(server.url);
      expect((await call('GET', `/score-history/verify?company=${company._id}`, root)).body).toMatchObject({ intact: true, checked: allKeys });
      for (const w of watchers) {
        w.socket?.close();
        await watch(server.url, w);
      }
      for (const w of watchers) {
        const committed = await query<{ id: string }>(file, `select id from event_log where type = 'task.scored' and audience_user_id = '${w.userId}'`);
        const missed = committed.filter((e) => !w.seen.has(e.id));
        figures.missedEvents += missed.length;
        expect(missed).toEqual([]);
      }
      figures.rounds++;
    }
    for (const w of watchers) w.socket?.close();
  });
});
