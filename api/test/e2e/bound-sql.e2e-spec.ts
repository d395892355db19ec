import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { MikroORM, type EntityManager } from '@mikro-orm/sqlite';
import { execute } from '../../src/database/bound-sql';
import { readRows } from '../../src/database/read-rows';
import { heldConnection, KNEX_VERSION_CHECKED } from '../../src/database/knex-transaction';
import { StatementCachingConnection } from '../../src/database/statement-cache';
import { createRequire } from 'node:module';
import type { Knex } from '@mikro-orm/knex';
import { startTestApp, type TestApp } from '../utils/test-app';
import { watchStatements } from '../utils/statement-watch';

/**
 * Hand-written statements inside a transaction go to the transaction's own SQLite connection with bound
 * parameters (database/bound-sql.ts): they see the transaction's writes, commit and roll back with it, and fail
 * as the ORM's own statements do.
 */
describe('statements with bound parameters', () => {
  let t: TestApp;
  let em: EntityManager;
  const seen: { sql: string; params: readonly unknown[] }[] = [];
  let stopWatching: () => void;

  beforeAll(async () => {
    t = await startTestApp();
    em = t.app.get(MikroORM).em.fork() as EntityManager;
    stopWatching = watchStatements(t.app.get(MikroORM), (sql, params) => void seen.push({ sql, params }));
  });
  afterAll(async () => {
    stopWatching();
    await t.close();
  });
  beforeEach(() => void (seen.length = 0));
  /** The statements on the counters' table, in the order they were sent. */
  const counters = () => seen.filter((s) => s.sql.includes('stream_sequences') && !s.sql.startsWith('select last_seq'));

  const committed = (stream: string) => readRows<{ last_seq: number }>(em.fork(), 'select last_seq from stream_sequences where stream = ?', [stream]);

  it('run inside the transaction, bound, and are committed with it', async () => {
    const read = await em.transactional(async (tx) => {
      await execute(tx, 'insert into stream_sequences (stream, last_seq) values (?, ?)', ['bound:a', 41]);
      const rows = await execute<{ last_seq: number }>(tx, 'update stream_sequences set last_seq = last_seq + ? where stream = ? returning last_seq', [1, 'bound:a']);
      // Not committed yet: the read connection does not see it.
      expect(await committed('bound:a')).toEqual([]);
      return rows;
    });
    expect(read).toEqual([{ last_seq: 42 }]);
    expect(await committed('bound:a')).toEqual([{ last_seq: 42 }]);
    // The values travelled as parameters, not written into the text.
    expect(counters()).toEqual([
      { sql: 'insert into stream_sequences (stream, last_seq) values (?, ?)', params: ['bound:a', 41] },
      { sql: 'update stream_sequences set last_seq = last_seq + ? where stream = ? returning last_seq', params: [1, 'bound:a'] },
    ]);
  });

  it('roll back with the transaction, and a violation fails as the ORM reports it', async () => {
    await execute(em, 'insert into stream_sequences (stream, last_seq) values (?, ?)', ['bound:b', 1]);
    const failing = em.transactional(async (tx) => {
      await execute(tx, 'insert into stream_sequences (stream, last_seq) values (?, ?)', ['bound:c', 1]);
      await execute(tx, 'insert into stream_sequences (stream, last_seq) values (?, ?)', ['bound:b', 2]);
    });
    await expect(failing).rejects.toBeInstanceOf(UniqueConstraintViolationException);
    expect(await committed('bound:c')).toEqual([]);
    expect(await committed('bound:b')).toEqual([{ last_seq: 1 }]);
  });

  it('outside a transaction leave the statement to the ORM', async () => {
    await execute(em, 'insert into stream_sequences (stream, last_seq) values (?, ?)', ['bound:d', 7]);
    // The ORM writes the values into the text.
    expect(counters()).toEqual([{ sql: "insert into stream_sequences (stream, last_seq) values ('bound:d', 7)", params: [] }]);
    expect(await committed('bound:d')).toEqual([{ last_seq: 7 }]);
  });

  it('refuse to run once their transaction is over', async () => {
    let kept: EntityManager | null = null;
    await em.transactional(async (tx) => {
      kept = tx;
      await execute(tx, 'select 1');
    });
    // The transaction's em still holds its finished transaction: the statement must not reach the connection, which
    // may be another transaction's by now.
    expect(kept!.isInTransaction()).toBe(true);
    await expect(execute(kept!, 'select 1')).rejects.toThrow('The transaction is already complete');
  });

  it("reach the transaction's connection through the one knex internal checked, at the knex version it was checked on", async () => {
    const knexVersion = (createRequire(require.resolve('@mikro-orm/knex'))('knex/package.json') as { version: string }).version;
    // An upgrade fails here: read knex-transaction.ts again against the new knex, then move the pin.
    expect(knexVersion).toBe(KNEX_VERSION_CHECKED);
    await em.transactional(async (tx) => {
      const trx = tx.getTransactionContext<Knex.Transaction>()!;
      const connection = await heldConnection(trx);
      expect(connection).toBeInstanceOf(StatementCachingConnection);
      expect(await heldConnection(trx)).toBe(connection);
    });
  });
});
