import { MikroORM } from '@mikro-orm/core';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { EntityManager } from '@mikro-orm/knex';
import { execute } from '../../src/database/bound-sql';
import { inParallel } from '../../src/database/in-parallel';
import { ENTITIES } from '../../src/schema/entities';
import { createScratchDatabase, describeScale, type ScratchDatabase } from './scale-env';

/**
 * On PostgreSQL the statements of a transaction sent together go to the server as one text, one round trip
 * (database/bound-sql.ts): each still answers its own rows, in order, with its values written in safely.
 */
describeScale('statements sent together in a PostgreSQL transaction', (env) => {
  let db: ScratchDatabase;
  let orm: MikroORM;
  /** What the driver sent to the server, one entry a round trip (knex's public `query` event). */
  const sent: string[] = [];

  beforeAll(async () => {
    db = await createScratchDatabase(env);
    orm = await MikroORM.init({ driver: PostgreSqlDriver, clientUrl: db.url, entities: ENTITIES, debug: false, pool: { min: 0, max: 2 } });
    (orm.em as EntityManager).getKnex().on('query', (q: { sql: string }) => void sent.push(q.sql));
  });

  afterAll(async () => {
    await orm?.close(true);
    await db?.drop();
  });

  const inTransaction = <T>(work: (tx: EntityManager) => Promise<T>) =>
    (orm.em.fork() as EntityManager).transactional(async (tx) => {
      await execute(tx, 'create temporary table batch_rows (n int not null, note text) on commit drop');
      sent.length = 0;
      return work(tx);
    });

  it('sends the statements of one turn in one round trip, and each answers its own rows in order', async () => {
    const { answers, trips } = await inTransaction(async (tx) => {
      const answers = await inParallel([
        execute<{ n: number }>(tx, 'insert into batch_rows (n, note) values (?, ?) returning n', [1, 'first']),
        execute<{ n: number }>(tx, 'insert into batch_rows (n, note) values (?, ?), (?, ?) returning n', [2, 'second', 3, null]),
        execute<{ c: number }>(tx, 'select count(*)::int as c from batch_rows'),
      ] as const);
      return { answers, trips: [...sent] };
    });
    expect(answers).toEqual([[{ n: 1 }], [{ n: 2 }, { n: 3 }], [{ c: 3 }]]);
    expect(trips).toHaveLength(1);
  });

  it('writes awkward values in as the values they are', async () => {
    const awkward = "it's a ? and a $1; -- not a comment";
    const [row] = await inTransaction(async (tx) => {
      await inParallel([execute(tx, 'insert into batch_rows (n, note) values (?, ?)', [7, awkward]), execute(tx, 'insert into batch_rows (n, note) values (?, ?)', [8, 'plain'])] as const);
      return execute<{ note: string }>(tx, 'select note from batch_rows where n = ?', [7]);
    });
    expect(row.note).toBe(awkward);
  });

  it('fails every statement of a batch that failed, and the transaction with them', async () => {
    const outcome = inTransaction((tx) =>
      inParallel([
        execute(tx, 'insert into batch_rows (n) values (?)', [1]),
        execute(tx, 'insert into batch_rows (n) values (?)', [null]),
        execute(tx, 'insert into batch_rows (n) values (?)', [3]),
      ] as const),
    );
    await expect(outcome).rejects.toThrow(/null value in column "n"/);
  });
});
