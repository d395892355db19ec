import { statSync } from 'node:fs';
import { MikroORM } from '@mikro-orm/sqlite';
import { APP_CONFIG, type AppConfig } from '../../src/config/env';
import { WalCheckpointer, WRITER_AUTOCHECKPOINT_PAGES } from '../../src/database/wal-checkpointer';
import { bearer, createTenant, superadminLogin, type Tenant } from '../utils/factories';
import { startTestApp, type TestApp } from '../utils/test-app';

const HOUR = 3600_000;

/**
 * Checkpoints leave the commit path: the writer no longer copies the WAL into the database file when it passes
 * SQLite's default 1,000 pages (every fifteenth scoring or so paid two fsyncs for it); the api's own connection
 * does, beside the writer.
 */
describe('WAL checkpoints', () => {
  let t: TestApp;
  let a: Tenant;
  let file: string;

  beforeAll(async () => {
    t = await startTestApp();
    const { database } = t.app.get<AppConfig>(APP_CONFIG);
    if (database.driver !== 'sqlite') throw new Error('the test app runs on SQLite');
    file = database.file;
    a = await createTenant(t, (await superadminLogin(t)).token, 1);
  });
  afterAll(() => t.close());

  it('syncs every commit before it is acknowledged by default (synchronous = FULL: durable across power loss)', async () => {
    const [row] = await t.app.get(MikroORM).em.getConnection().execute<{ synchronous: number }[]>('PRAGMA synchronous');
    expect(row.synchronous).toBe(2);
  });

  it('the writer keeps its own automatic checkpoint only as a far-off backstop', async () => {
    const [row] = await t.app.get(MikroORM).em.getConnection().execute<{ wal_autocheckpoint: number }[]>('PRAGMA wal_autocheckpoint');
    expect(row.wal_autocheckpoint).toBe(WRITER_AUTOCHECKPOINT_PAGES);
  });

  it('committed pages reach the database file without the writer checkpointing', async () => {
    const size = () => statSync(file).size;
    const before = size();
    // A few hundred kB of tasks: far below the writer's backstop, well above one page.
    for (let i = 0; i < 40; i++) {
      await t.http
        .post('/api/tasks')
        .set(bearer(a.admin.token))
        .send({ title: `Bulk ${i}`, description: 'x'.repeat(4000), assignedTo: a.executives[0].user._id, deadline: new Date(Date.now() + 24 * HOUR).toISOString(), reportLink: 'https://reports.example.com/bulk' })
        .expect(201);
    }
    const deadline = Date.now() + 5000;
    while (size() <= before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(size()).toBeGreaterThan(before + 40 * 4000);
    // And what it copied is all there is: a checkpoint now finds every frame of the WAL already in the file.
    const result = await t.app.get(WalCheckpointer).checkpoint();
    expect(result).toEqual(expect.objectContaining({ busy: 0 }));
    expect(result!.checkpointed).toBe(result!.log);
  });

  it("sees the writer's transactions, so it can wait for a moment without one", async () => {
    const writer = t.app.get(WalCheckpointer).writerState;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const inside = new Promise<void>((resolve) => (started = resolve));
    const before = performance.now();
    const work = t.app.get(MikroORM).em.fork().transactional(async () => {
      started();
      await held;
    });
    await inside;
    expect(writer.open).toBe(1);
    release();
    await work;
    expect(writer.open).toBe(0);
    expect(writer.lastEndedAt).toBeGreaterThanOrEqual(before);

    // And a request's unit of work counts the same way: a scoring, say, or here a task created over HTTP.
    const ended = writer.lastEndedAt;
    await t.http
      .post('/api/tasks')
      .set(bearer(a.admin.token))
      .send({ title: 'Counted', description: 'x', assignedTo: a.executives[0].user._id, deadline: new Date(Date.now() + 24 * HOUR).toISOString(), reportLink: 'https://reports.example.com/counted' })
      .expect(201);
    expect(writer.lastEndedAt).toBeGreaterThan(ended);
    expect(writer.open).toBe(0);
  });
});

describe('SQLITE_SYNCHRONOUS=normal (the documented opt-out)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SQLITE_SYNCHRONOUS: 'normal' });
  });
  afterAll(() => t.close());

  it('syncs at checkpoints only', async () => {
    const [row] = await t.app.get(MikroORM).em.getConnection().execute<{ synchronous: number }[]>('PRAGMA synchronous');
    expect(row.synchronous).toBe(1);
  });
});
