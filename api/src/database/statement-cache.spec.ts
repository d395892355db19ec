import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Statement } from 'sqlite3';
import { loadSqlite3 } from './sqlite3';
import { StatementCachingConnection } from './statement-cache';

interface Answer {
  err: Error | null;
  result: unknown;
  statement: Statement;
}

/** Calls `all` or `run` as knex does (sql, bindings, callback) and keeps what the callback saw, `this` included. */
const ask = (db: StatementCachingConnection, method: 'all' | 'run', sql: string, params: unknown[] = []) =>
  new Promise<Answer>((resolve) =>
    (db[method] as (sql: string, params: unknown[], cb: (this: Statement, err: Error | null, result?: unknown) => void) => void)(sql, params, function (err, result) {
      resolve({ err, result, statement: this });
    }),
  );

/** Runs each text through `all` twice, so each is kept; resolves with the second runs' answers. */
async function twice(db: StatementCachingConnection, ...texts: string[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const sql of texts) {
    await ask(db, 'all', sql);
    answers.push(await ask(db, 'all', sql));
  }
  return answers;
}

describe('StatementCachingConnection', () => {
  let dir: string;
  let db: StatementCachingConnection;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'statement-cache-'));
    const sqlite3 = loadSqlite3();
    db = new StatementCachingConnection(new sqlite3.Database(join(dir, 'test.sqlite')), 3);
    await ask(db, 'run', 'create table notes (id integer primary key, text text not null)');
  });

  afterEach(async () => {
    await new Promise<void>((resolve) => db.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers as the driver does: rows from all, the new id and the changes on run', async () => {
    const inserted = await ask(db, 'run', 'insert into notes (text) values (?)', ['first']);
    expect(inserted.err).toBeNull();
    expect(inserted.statement).toMatchObject({ lastID: 1, changes: 1 });
    await ask(db, 'run', 'insert into notes (text) values (?)', ['second']);
    expect((await ask(db, 'all', 'select id, text from notes where id = ?', [2])).result).toEqual([{ id: 2, text: 'second' }]);
    expect((await ask(db, 'all', 'select id from notes where id = ?', [9])).result).toEqual([]);
  });

  it("keeps a text's statement from its second run on and runs it again with new parameters", async () => {
    const once = await ask(db, 'run', 'insert into notes (text) values (?)', ['a']);
    const kept = await ask(db, 'run', 'insert into notes (text) values (?)', ['b']);
    const again = await ask(db, 'run', 'insert into notes (text) values (?)', ['c']);
    expect(kept.statement).not.toBe(once.statement);
    expect(again.statement).toBe(kept.statement);
    expect(again.statement).toMatchObject({ lastID: 3, changes: 1 });
    await ask(db, 'all', 'select text from notes where id = ?', [3]);
    const [one, two] = await Promise.all([ask(db, 'all', 'select text from notes where id = ?', [1]), ask(db, 'all', 'select text from notes where id = ?', [2])]);
    expect(one.statement).toBe(two.statement);
    expect([one.result, two.result]).toEqual([[{ text: 'a' }], [{ text: 'b' }]]);
  });

  it('never keeps a text run only once (the ORM writes its values into its SQL), so one-offs push out no kept statement', async () => {
    const [kept] = await twice(db, 'select 1 as n');
    for (let i = 2; i <= 6; i++) await ask(db, 'all', `select ${i} as n`);
    expect((await ask(db, 'all', 'select 1 as n')).statement).toBe(kept.statement);
  });

  it('hands every waiting caller the error of a statement that does not prepare, and keeps nothing of it', async () => {
    await ask(db, 'all', 'select * from missing where id = ?', [0]);
    const answers = await Promise.all([ask(db, 'all', 'select * from missing where id = ?', [1]), ask(db, 'all', 'select * from missing where id = ?', [2])]);
    for (const { err } of answers) expect(err?.message).toMatch(/no such table: missing/);
    await ask(db, 'run', 'create table missing (id integer primary key)');
    expect((await ask(db, 'all', 'select * from missing where id = ?', [1])).err).toBeNull();
  });

  it('answers a failing write with its error and still runs the statement afterwards', async () => {
    await ask(db, 'run', 'insert into notes (id, text) values (?, ?)', [1, 'a']);
    const clash = await ask(db, 'run', 'insert into notes (id, text) values (?, ?)', [1, 'b']);
    expect(clash.err?.message).toMatch(/UNIQUE constraint failed/);
    expect((await ask(db, 'run', 'insert into notes (id, text) values (?, ?)', [2, 'b'])).err).toBeNull();
  });

  it('leaves no statement open: a transaction of kept statements commits', async () => {
    await twice(db, 'BEGIN', 'select count(*) as n from notes', 'COMMIT');
    await ask(db, 'run', 'insert into notes (text) values (?)', ['once']);
    await ask(db, 'run', 'delete from notes where text = ?', ['once']);
    await ask(db, 'all', 'BEGIN');
    await ask(db, 'run', 'insert into notes (text) values (?)', ['in a transaction']);
    await ask(db, 'all', 'select count(*) as n from notes');
    expect((await ask(db, 'all', 'COMMIT')).err).toBeNull();
    expect((await ask(db, 'all', 'select count(*) as n from notes')).result).toEqual([{ n: 1 }]);
  });

  it('keeps only the most recently used statements, and a statement let go prepares anew', async () => {
    const [first] = await twice(db, 'select 1 as n');
    const [second] = await twice(db, 'select 2 as n');
    await twice(db, 'select 3 as n');
    expect((await ask(db, 'all', 'select 1 as n')).statement).toBe(first.statement);
    await twice(db, 'select 4 as n'); // the fourth: 'select 2' is the least recently used and goes
    expect((await ask(db, 'all', 'select 1 as n')).statement).toBe(first.statement);
    const again = await twice(db, 'select 2 as n');
    expect(again[0].statement).not.toBe(second.statement);
    expect(again[0].result).toEqual([{ n: 2 }]);
  });

  it('runs other statements uncached: a pragma through run answers without holding a statement open', async () => {
    const a = await ask(db, 'run', 'PRAGMA user_version = 7');
    const b = await ask(db, 'run', 'PRAGMA user_version = 8');
    expect(a.err).toBeNull();
    expect(b.statement).not.toBe(a.statement);
    expect((await ask(db, 'all', 'PRAGMA user_version')).result).toEqual([{ user_version: 8 }]);
  });

  it('closes with statements kept (SQLite refuses to close a connection with unfinalized ones)', async () => {
    await twice(db, 'select count(*) as n from notes');
    await ask(db, 'run', 'insert into notes (text) values (?)', ['kept']);
    await ask(db, 'run', 'insert into notes (text) values (?)', ['kept']);
    await ask(db, 'run', 'delete from notes where rowid = ?', [2]);
    const closed = await new Promise<Error | null>((resolve) => db.close((err) => resolve(err)));
    expect(closed).toBeNull();
    db = new StatementCachingConnection(new (loadSqlite3().Database)(join(dir, 'test.sqlite')));
    expect((await ask(db, 'all', 'select text from notes')).result).toEqual([{ text: 'kept' }]);
  });
});
