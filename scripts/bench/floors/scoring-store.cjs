// The bare scoring floor's database (bare-scoring.cjs): its own small tables and the twelve trips of a scoring,
// on SQLite (the api's sqlite3 driver, WAL, synchronous = FULL, as the api by default) or on PostgreSQL (the `pg` driver
// under the api's connection, in a schema of its own in the run's database). The statements are the same on
// both, written with `?` placeholders.
'use strict';
const { loadFromApi } = require('./floor-parts.cjs');

const COLUMNS = {
  tasks: 'id text primary key, company_id text not null, assigned_to_id text not null, title text not null, quality real, initiative real, total real, scored_at bigint, updated_at bigint',
  score_history: 'task_id text not null, company_id text not null, total real not null, at bigint not null',
  user_periods: 'user_id text not null, period text not null, total real not null, scored integer not null, primary key (user_id, period)',
  notifications: 'user_id text not null, company_id text not null, body text not null, is_read integer not null default 0, at bigint not null',
  counters: 'user_id text primary key, unread integer not null',
  user_badges: 'user_id text not null, badge text not null, period text not null, at bigint not null, primary key (user_id, badge, period)',
  stream_sequences: 'stream text primary key, seq integer not null',
  event_log: 'stream text not null, seq integer not null, type text not null, payload text not null',
};
/** Tables whose rows get a generated key: each database spells it its own way. */
const GENERATED_KEY = new Set(['score_history', 'notifications', 'event_log']);
const schema = (key) => Object.entries(COLUMNS).map(([table, columns]) => `create table ${table} (${GENERATED_KEY.has(table) ? `${key}, ` : ''}${columns})`);

const READ_TASK = 'select id, company_id, assigned_to_id, title, scored_at from tasks where id = ?';

/** The scoring's nine writes and counts after the task's read (each `[sql, params]`), as the api makes them. */
function writes(task, id, quality, initiative, now) {
  const total = (quality + initiative) / 2;
  const payload = JSON.stringify({ taskId: id, total });
  return [
    ['update tasks set quality = ?, initiative = ?, total = ?, scored_at = coalesce(scored_at, ?), updated_at = ? where id = ?', [quality, initiative, total, now, now, id]],
    ['insert into score_history (task_id, company_id, total, at) values (?, ?, ?, ?)', [id, task.company_id, total, now]],
    ['insert into user_periods (user_id, period, total, scored) values (?, ?, ?, 1) on conflict (user_id, period) do update set total = user_periods.total + excluded.total, scored = user_periods.scored + 1', [task.assigned_to_id, '2026-11', total]],
    ['insert into notifications (user_id, company_id, body, at) values (?, ?, ?, ?)', [task.assigned_to_id, task.company_id, `"${task.title}" scored ${total.toFixed(1)}/10`, now]],
    ['insert into counters (user_id, unread) values (?, 1) on conflict (user_id) do update set unread = counters.unread + 1', [task.assigned_to_id]],
    ['select count(*) as n from notifications where user_id = ? and is_read = 0', [task.assigned_to_id]],
    ['insert into user_badges (user_id, badge, period, at) values (?, ?, ?, ?) on conflict do nothing', [task.assigned_to_id, 'early-bird', '2026-11', now]],
    ['insert into stream_sequences (stream, seq) values (?, 4) on conflict (stream) do update set seq = stream_sequences.seq + 4', [`company:${task.company_id}`]],
    [
      "insert into event_log (stream, seq, type, payload) values (?, 1, 'task.scored', ?), (?, 2, 'task.scored', ?), (?, 3, 'stats.changed', ?), (?, 4, 'notification.created', ?)",
      [task.company_id, payload, task.company_id, payload, task.company_id, payload, task.company_id, payload],
    ],
  ];
}

const ADD_TASK = 'insert into tasks (id, company_id, assigned_to_id, title) values (?, ?, ?, ?)';
const taskRow = (t) => [t.id, t.companyId, t.userId, `Task ${t.id.slice(0, 8)}`];
const notFound = () => Object.assign(new Error('Task not found'), { status: 404 });

/** SQLite: one connection, one transaction at a time (as on the api's writer); the driver runs the writes in turn. */
function sqliteStore(file) {
  const sqlite3 = loadFromApi('sqlite3', '@mikro-orm/sqlite');
  const db = new sqlite3.Database(file);
  // Prepared once and reused, as the api's statement cache does: an unprepared call costs two more trips.
  const prepared = new Map();
  const statement = (sql) => {
    if (!prepared.has(sql)) prepared.set(sql, db.prepare(sql));
    return prepared.get(sql);
  };
  const run = (sql, params = []) => new Promise((res, rej) => statement(sql).run(params, (err) => (err ? rej(err) : res())));
  const get = (sql, params = []) => new Promise((res, rej) => statement(sql).get(params, (err, row) => (err ? rej(err) : res(row))));
  let writer = Promise.resolve();
  const inTurn = (work) => {
    const turn = writer.then(work, work);
    writer = turn.catch(() => undefined);
    return turn;
  };
  const setupSql = ['PRAGMA journal_mode = WAL', 'PRAGMA synchronous = FULL', 'PRAGMA foreign_keys = ON', 'PRAGMA busy_timeout = 5000', ...schema('id integer primary key')];
  return {
    async setup() {
      for (const sql of setupSql) await new Promise((res, rej) => db.run(sql, (err) => (err ? rej(err) : res())));
    },
    async addTasks(tasks) {
      await run('begin');
      for (const t of tasks) await run(ADD_TASK, taskRow(t));
      await run('commit');
    },
    score: (id, quality, initiative) =>
      inTurn(async () => {
        await run('begin immediate');
        try {
          const task = await get(READ_TASK, [id]);
          if (!task) throw notFound();
          await Promise.all(writes(task, id, quality, initiative, Date.now()).map(([sql, params]) => (sql.startsWith('select') ? get(sql, params) : run(sql, params))));
          await run('commit');
          return task;
        } catch (err) {
          await run('rollback').catch(() => undefined);
          throw err;
        }
      }),
  };
}

/**
 * PostgreSQL: a pool of 10 connections (the api's pool size), a scoring's statements one after another on its
 * connection (the api's too: the `pg` client runs one statement at a time), scorings of one company taking turns
 * on the stream's sequence row as the api's do. Its tables live in a schema of their own in the run's database.
 */
function postgresStore(url) {
  const { Pool } = loadFromApi('pg');
  const SCHEMA = 'bare_scoring';
  const pool = new Pool({ connectionString: url, max: 10, options: `-c search_path=${SCHEMA}` });
  let named = 0;
  const names = new Map();
  // Named statements: prepared once per connection, as a driver's statement cache would.
  const query = (client, sql, values) => {
    if (!names.has(sql)) names.set(sql, `floor_${++named}`);
    let n = 0;
    return client.query({ name: names.get(sql), text: sql.replace(/\?/g, () => `$${++n}`), values });
  };
  return {
    async setup() {
      await pool.query(`drop schema if exists ${SCHEMA} cascade`);
      await pool.query(`create schema ${SCHEMA}`);
      for (const sql of schema('id bigint generated by default as identity primary key')) await pool.query(sql);
    },
    async addTasks(tasks) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        for (const t of tasks) await query(client, ADD_TASK, taskRow(t));
        await client.query('commit');
      } finally {
        client.release();
      }
    },
    async score(id, quality, initiative) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const {
          rows: [task],
        } = await query(client, READ_TASK, [id]);
        if (!task) throw notFound();
        for (const [sql, params] of writes(task, id, quality, initiative, Date.now())) await query(client, sql, params);
        await client.query('commit');
        return task;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
  };
}

/** The floor's store for the run's database: FLOOR_PG (a PostgreSQL URL) or FLOOR_DB (a SQLite file). */
function openStore(env) {
  return env.FLOOR_PG ? postgresStore(env.FLOOR_PG) : sqliteStore(env.FLOOR_DB);
}

module.exports = { openStore };
