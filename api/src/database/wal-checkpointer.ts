import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { checkpointDue, CHECKPOINT_TICK_MS, WriterActivity, type CheckpointMoment, type WriterState } from './checkpoint-timing';
import { loadSqlite3, type SqliteDatabase } from './sqlite3';

/**
 * The writer's own automatic checkpoint only as a backstop, for when this one cannot keep up or is not running
 * (migrations, seed scripts): at 10,000 pages of 4 kB the WAL holds about 40 MB.
 */
export const WRITER_AUTOCHECKPOINT_PAGES = 10_000;

/** What one `PRAGMA wal_checkpoint` reports: whether it was held up, and the WAL's frames, all and copied. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

/**
 * Copies SQLite's write-ahead log back into the database file from a connection of its own, off the commit
 * path. Left to SQLite, the commit that takes the WAL past its limit does the checkpoint itself, with two
 * fsyncs: every fifteenth scoring or so took 7–10 ms longer (docs/benchmarks.md). A PASSIVE checkpoint never
 * waits for readers or the writer, and the writer goes on appending meanwhile; the writer starts the WAL over
 * once it has all been copied. It still slows the writer's statements while it runs (its fsyncs and copying
 * share the machine), so it runs just after a commit that leaves the writer idle (checkpoint-timing.ts).
 * On PostgreSQL, or an in-memory database, there is nothing to do.
 */
@Injectable()
export class WalCheckpointer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WalCheckpointer.name);
  private connection: SqliteDatabase | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<CheckpointResult | null> | null = null;
  private readonly writer = new WriterActivity(() => this.consider('committed'));
  private lastCheckpointAt = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
  ) {}

  onApplicationBootstrap(): void {
    const { database } = this.config;
    if (database.driver !== 'sqlite' || database.file === ':memory:') return;
    const sqlite3 = loadSqlite3();
    this.connection = new sqlite3.Database(database.file, sqlite3.OPEN_READWRITE);
    this.orm.em.getEventManager().registerSubscriber(this.writer);
    this.lastCheckpointAt = performance.now();
    this.timer = setInterval(() => this.consider('tick'), CHECKPOINT_TICK_MS);
    this.timer.unref();
  }

  private consider(moment: CheckpointMoment): void {
    const now = performance.now();
    if (!this.connection || !checkpointDue(now, this.lastCheckpointAt, this.writer, moment)) return;
    this.lastCheckpointAt = now;
    // After a commit: once its events have gone out, which happens in the same turn of the event loop.
    if (moment === 'committed') setImmediate(() => void this.checkpoint());
    else void this.checkpoint();
  }

  /** The writer as the checkpointer sees it: open write transactions, and when the last one ended. */
  get writerState(): WriterState {
    return this.writer;
  }

  /** One PASSIVE checkpoint; skipped (null) while one is still running or when there is no connection. */
  checkpoint(): Promise<CheckpointResult | null> {
    const connection = this.connection;
    if (!connection || this.running) return this.running ?? Promise.resolve(null);
    this.running = new Promise<CheckpointResult | null>((resolve) =>
      connection.get<CheckpointResult>('PRAGMA wal_checkpoint(PASSIVE)', (err, row) => {
        this.running = null;
        // Nothing is lost when one fails: the frames stay in the WAL for the next one (or the writer's backstop).
        if (err) this.logger.warn(`WAL checkpoint failed: ${err.message}`);
        resolve(err ? null : row);
      }),
    );
    return this.running;
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    const connection = this.connection;
    this.connection = null;
    if (connection) await new Promise<void>((resolve) => connection.close(() => resolve()));
  }
}
