import { checkpointDue, CHECKPOINT_INTERVAL_MS, CHECKPOINT_MAX_WAIT_MS, QUIET_MS, WriterActivity } from './checkpoint-timing';

describe('checkpointDue', () => {
  const last = 10_000;
  const idle = { open: 0, lastEndedAt: 0 };

  it('waits until a checkpoint is due, however quiet the writer is', () => {
    for (const moment of ['committed', 'tick'] as const) {
      expect(checkpointDue(last + CHECKPOINT_INTERVAL_MS - 1, last, idle, moment)).toBe(false);
      expect(checkpointDue(last + CHECKPOINT_INTERVAL_MS, last, idle, moment)).toBe(true);
    }
  });

  it('once due, waits while a write transaction is open', () => {
    const now = last + CHECKPOINT_INTERVAL_MS + 100;
    for (const moment of ['committed', 'tick'] as const) expect(checkpointDue(now, last, { open: 1, lastEndedAt: now }, moment)).toBe(false);
  });

  it('once due, runs right after a commit that leaves the writer idle', () => {
    const now = last + CHECKPOINT_INTERVAL_MS + 100;
    expect(checkpointDue(now, last, { open: 0, lastEndedAt: now }, 'committed')).toBe(true);
  });

  it('on a tick, once due, waits until the last transaction ended QUIET_MS ago', () => {
    const now = last + CHECKPOINT_INTERVAL_MS + 100;
    expect(checkpointDue(now, last, { open: 0, lastEndedAt: now - QUIET_MS + 1 }, 'tick')).toBe(false);
    expect(checkpointDue(now, last, { open: 0, lastEndedAt: now - QUIET_MS }, 'tick')).toBe(true);
  });

  it('runs anyway under writes that never pause, CHECKPOINT_MAX_WAIT_MS after the last one', () => {
    const now = last + CHECKPOINT_MAX_WAIT_MS;
    expect(checkpointDue(now - 1, last, { open: 3, lastEndedAt: now - 1 }, 'tick')).toBe(false);
    expect(checkpointDue(now, last, { open: 3, lastEndedAt: now }, 'tick')).toBe(true);
  });
});

describe('WriterActivity', () => {
  it('counts transactions from start to commit or rollback, notes when the last one ended, and tells of commits', () => {
    const commits: number[] = [];
    const writer = new WriterActivity(() => commits.push(writer.open));
    writer.beforeTransactionStart();
    writer.beforeTransactionStart();
    expect(writer.open).toBe(2);
    const before = performance.now();
    writer.afterTransactionCommit();
    writer.afterTransactionRollback();
    expect(writer.open).toBe(0);
    expect(commits).toEqual([1]);
    expect(writer.lastEndedAt).toBeGreaterThanOrEqual(before);
    // An end without a start (one begun before the count started) does not go below zero.
    writer.afterTransactionCommit();
    expect(writer.open).toBe(0);
  });
});
