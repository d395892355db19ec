// Floor: the least a scoring can cost on this stack. A bare NestJS app on the api's adapter with a bare Socket.IO
// server on the same port (the api's room layout, no token check) and SQLite through the api's own driver
// (sqlite3, WAL, synchronous = NORMAL, as the api). `PUT /api/tasks/:id/score` makes as many database trips as
// the api's scoring of a submitted task (12: BEGIN, the task's read, nine writes and counts sent together,
// COMMIT), then emits `task.scored` to the assignee's room and `leaderboard.updated` to the company's, and
// answers. No guard, no validation, no ORM, no outbox, no live top 10 query: anything the api does beyond this
// is its own cost. The bytes it sends (response and both envelopes) are handed to it over IPC (`bytes`), copied
// from a real scoring of the api; the tasks it can score come in `tasks`.
'use strict';
require('reflect-metadata');
const { randomUUID } = require('node:crypto');
const { controllerRoute, loadFromApi, roomsServer, startFloor } = require('./floor-parts.cjs');
const { Module, Put } = loadFromApi('@nestjs/common');
const { NestFactory } = loadFromApi('@nestjs/core');
// The api's SQLite driver: the one @mikro-orm/sqlite loads.
const sqlite3 = loadFromApi('sqlite3', '@mikro-orm/sqlite');

const SCHEMA = [
  'PRAGMA journal_mode = WAL',
  'PRAGMA synchronous = NORMAL',
  'PRAGMA foreign_keys = ON',
  'PRAGMA busy_timeout = 5000',
  'create table tasks (id text primary key, company_id text not null, assigned_to_id text not null, title text not null, quality real, initiative real, total real, scored_at integer, updated_at integer)',
  'create table score_history (id integer primary key, task_id text not null, company_id text not null, total real not null, at integer not null)',
  'create table user_periods (user_id text not null, period text not null, total real not null, scored integer not null, primary key (user_id, period))',
  'create table notifications (id integer primary key, user_id text not null, company_id text not null, body text not null, is_read integer not null default 0, at integer not null)',
  'create table counters (user_id text primary key, unread integer not null)',
  'create table user_badges (user_id text not null, badge text not null, period text not null, at integer not null, primary key (user_id, badge, period))',
  'create table stream_sequences (stream text primary key, seq integer not null)',
  'create table event_log (id integer primary key, stream text not null, seq integer not null, type text not null, payload text not null)',
];

const db = new sqlite3.Database(process.env.FLOOR_DB);
// Prepared once and reused, as the api's statement cache does: an unprepared call costs two more trips.
const prepared = new Map();
const statement = (sql) => {
  if (!prepared.has(sql)) prepared.set(sql, db.prepare(sql));
  return prepared.get(sql);
};
const run = (sql, params = []) => new Promise((res, rej) => statement(sql).run(params, (err) => (err ? rej(err) : res())));
const get = (sql, params = []) => new Promise((res, rej) => statement(sql).get(params, (err, row) => (err ? rej(err) : res(row))));

// One connection, one transaction at a time: a scoring waits for the one before it, as on the api's writer.
let writer = Promise.resolve();
const inTurn = (work) => {
  const turn = writer.then(work, work);
  writer = turn.catch(() => undefined);
  return turn;
};

let bytes = null;

/** The scoring's twelve trips; SQLite's driver runs the writes one after another, as the api's are. */
function score(id, quality, initiative) {
  return inTurn(() => scoreNow(id, quality, initiative));
}

async function scoreNow(id, quality, initiative) {
  const now = Date.now();
  const total = (quality + initiative) / 2;
  await run('begin immediate');
  try {
    const task = await get('select id, company_id, assigned_to_id, title, scored_at from tasks where id = ?', [id]);
    if (!task) throw Object.assign(new Error('Task not found'), { status: 404 });
    const payload = JSON.stringify({ taskId: id, total });
    await Promise.all([
      run('update tasks set quality = ?, initiative = ?, total = ?, scored_at = coalesce(scored_at, ?), updated_at = ? where id = ?', [quality, initiative, total, now, now, id]),
      run('insert into score_history (task_id, company_id, total, at) values (?, ?, ?, ?)', [id, task.company_id, total, now]),
      run('insert into user_periods (user_id, period, total, scored) values (?, ?, ?, 1) on conflict (user_id, period) do update set total = total + excluded.total, scored = scored + 1', [task.assigned_to_id, '2026-11', total]),
      run('insert into notifications (user_id, company_id, body, at) values (?, ?, ?, ?)', [task.assigned_to_id, task.company_id, `"${task.title}" scored ${total.toFixed(1)}/10`, now]),
      run('insert into counters (user_id, unread) values (?, 1) on conflict (user_id) do update set unread = unread + 1', [task.assigned_to_id]),
      get('select count(*) as n from notifications where user_id = ? and is_read = 0', [task.assigned_to_id]),
      run('insert into user_badges (user_id, badge, period, at) values (?, ?, ?, ?) on conflict do nothing', [task.assigned_to_id, 'early-bird', '2026-11', now]),
      run('insert into stream_sequences (stream, seq) values (?, 4) on conflict (stream) do update set seq = seq + 4', [`company:${task.company_id}`]),
      run("insert into event_log (stream, seq, type, payload) values (?, 1, 'task.scored', ?), (?, 2, 'task.scored', ?), (?, 3, 'stats.changed', ?), (?, 4, 'notification.created', ?)", [task.company_id, payload, task.company_id, payload, task.company_id, payload, task.company_id, payload]),
    ]);
    await run('commit');
    return task;
  } catch (err) {
    await run('rollback').catch(() => undefined);
    throw err;
  }
}

let io = null;

class ScoringController {
  async score(req, res) {
    try {
      const { qualityScore, initiativeScore } = req.body ?? {};
      const task = await score(req.params.id, Number(qualityScore), Number(initiativeScore));
      const scored = { ...bytes.scored, id: randomUUID(), payload: { ...bytes.scored.payload, task: { ...bytes.scored.payload.task, _id: task.id } } };
      io.to(`user:${task.assigned_to_id}`).emit('task.scored', scored);
      io.to(`company:${task.company_id}`).emit('leaderboard.updated', { ...bytes.leaderboard, id: randomUUID() });
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(bytes.response);
    } catch (err) {
      res.status(err.status ?? 500).json({ message: err.message });
    }
  }
}
controllerRoute(ScoringController, 'score', Put('api/tasks/:id/score'));

class FloorModule {}
Reflect.decorate([Module({ controllers: [ScoringController] })], FloorModule);

async function main() {
  for (const sql of SCHEMA) await new Promise((res, rej) => db.run(sql, (err) => (err ? rej(err) : res())));
  const app = await NestFactory.create(FloorModule, { logger: false });
  await app.init();
  io = roomsServer(app.getHttpServer());
  process.on('message', async (m) => {
    try {
      if (m?.type === 'tasks') {
        await run('begin');
        for (const t of m.tasks) await run('insert into tasks (id, company_id, assigned_to_id, title) values (?, ?, ?, ?)', [t.id, t.companyId, t.userId, `Task ${t.id.slice(0, 8)}`]);
        await run('commit');
      } else if (m?.type === 'bytes') {
        bytes = { response: Buffer.from(m.response, 'base64'), scored: m.scored, leaderboard: m.leaderboard };
      } else return;
      process.send({ id: m.id, type: 'done' });
    } catch (err) {
      process.send({ id: m.id, error: err.message });
    }
  });
  process.on('disconnect', () => process.exit(0)); // the bench went away
  await app.listen(Number(process.env.PORT), '127.0.0.1');
  process.send({ type: 'ready' });
}
startFloor(main);
