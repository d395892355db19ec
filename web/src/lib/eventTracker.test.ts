import { describe, expect, it } from 'vitest';
import { createEventTracker, type SeqStorage } from './eventTracker';

const memoryStorage = (): SeqStorage & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
};

describe('createEventTracker', () => {
  it('accepts an event once and skips it when it is delivered again (replay overlap)', () => {
    const tracker = createEventTracker(null, 'k');
    expect(tracker.accept({ id: 'a', seq: 1 })).toBe(true);
    expect(tracker.accept({ id: 'a', seq: 1 })).toBe(false);
    expect(tracker.accept({ id: 'b', seq: 2 })).toBe(true);
  });

  it('keeps the highest sequence applied, whatever the arrival order', () => {
    const tracker = createEventTracker(null, 'k');
    expect(tracker.lastSeq).toBeUndefined();
    tracker.accept({ id: 'a', seq: 5 });
    tracker.accept({ id: 'b', seq: 3 });
    expect(tracker.lastSeq).toBe(5);
    tracker.advanceTo(4);
    expect(tracker.lastSeq).toBe(5);
    tracker.advanceTo(9);
    expect(tracker.lastSeq).toBe(9);
  });

  it('persists the sequence so a reloaded tab resumes from it, and forgets it on reset', () => {
    const storage = memoryStorage();
    const first = createEventTracker(storage, 'kpi.lastSeq.u1');
    first.accept({ id: 'a', seq: 12 });
    expect(storage.data.get('kpi.lastSeq.u1')).toBe('12');

    const second = createEventTracker(storage, 'kpi.lastSeq.u1');
    expect(second.lastSeq).toBe(12);
    expect(createEventTracker(storage, 'kpi.lastSeq.u2').lastSeq).toBeUndefined();

    second.reset();
    expect(second.lastSeq).toBeUndefined();
    expect(storage.data.has('kpi.lastSeq.u1')).toBe(false);
  });

  it('ignores a corrupt stored value', () => {
    const storage = memoryStorage();
    storage.setItem('k', 'not-a-number');
    expect(createEventTracker(storage, 'k').lastSeq).toBeUndefined();
  });

  it('remembers a bounded number of ids', () => {
    const tracker = createEventTracker(null, 'k');
    for (let i = 0; i < 1500; i++) tracker.accept({ id: `e${i}`, seq: i });
    expect(tracker.accept({ id: 'e1499', seq: 1499 })).toBe(false);
    // The oldest ids are forgotten; their sequence is far behind, so the server would not replay them.
    expect(tracker.accept({ id: 'e0', seq: 0 })).toBe(true);
    expect(tracker.lastSeq).toBe(1499);
  });
});
