import type { EventSubscriber } from '@mikro-orm/core';

/** How often the checkpointer looks for its moment. */
export const CHECKPOINT_TICK_MS = 25;
/** A checkpoint is due this long after the last one: the WAL then holds about half a second of writes. */
export const CHECKPOINT_INTERVAL_MS = 500;
/**
 * On its own tick the checkpointer runs only once the writer has been idle this long. While writes keep coming it
 * waits for the next commit instead: a tick lands at a random moment, often just before the next write.
 */
export const QUIET_MS = 200;
/** Under writes that never pause, a checkpoint runs anyway once the last one is this old. */
export const CHECKPOINT_MAX_WAIT_MS = 2000;

/** What the checkpointer needs to know of the writer: open write transactions, and when the last one ended. */
export interface WriterState {
  readonly open: number;
  readonly lastEndedAt: number;
}

/**
 * When the checkpointer asks: just after a commit that left no write transaction open (the best moment: the
 * commit's events are out, and the next write has had no time to start), or on its own tick.
 */
export type CheckpointMoment = 'committed' | 'tick';

/**
 * Whether to checkpoint at `now` (all times on one monotonic clock, in ms): once one is due, right after a commit
 * that leaves the writer idle, or on a tick once the writer has been quiet QUIET_MS; and never later than
 * CHECKPOINT_MAX_WAIT_MS after the last one.
 */
export function checkpointDue(now: number, lastCheckpointAt: number, writer: WriterState, moment: CheckpointMoment): boolean {
  const since = now - lastCheckpointAt;
  if (since >= CHECKPOINT_MAX_WAIT_MS) return true;
  if (since < CHECKPOINT_INTERVAL_MS || writer.open > 0) return false;
  return moment === 'committed' || now - writer.lastEndedAt >= QUIET_MS;
}

/**
 * Counts the ORM's open transactions from its transaction events. A transaction whose start fired but whose end
 * never does (its BEGIN failed) leaves the count high: the checkpointer then runs on its maximum wait alone.
 */
export class WriterActivity implements EventSubscriber, WriterState {
  open = 0;
  lastEndedAt = 0;

  /** @param onCommitted called after each commit, once the count has moved */
  constructor(private readonly onCommitted: () => void = () => {}) {}

  beforeTransactionStart(): void {
    this.open++;
  }

  afterTransactionCommit(): void {
    this.ended();
    this.onCommitted();
  }

  afterTransactionRollback(): void {
    this.ended();
  }

  private ended(): void {
    this.open = Math.max(0, this.open - 1);
    this.lastEndedAt = performance.now();
  }
}
