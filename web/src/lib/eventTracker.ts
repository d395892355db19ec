/** Minimal storage surface (sessionStorage in the browser, a Map in tests). */
export interface SeqStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface EventTracker {
  /** The highest sequence applied so far, sent as `since` on (re)connect. */
  readonly lastSeq: number | undefined;
  /** Records an incoming envelope; false when it was already applied (same id) and must be skipped. */
  accept(envelope: { id: string; seq: number }): boolean;
  /** The server says we are live from `seq` (after replay) or must refetch from `seq` (resync). */
  advanceTo(seq: number): void;
  reset(): void;
}

const MAX_REMEMBERED_IDS = 1000;

/**
 * Remembers which events were applied: ids for dedupe (a replayed event may arrive twice),
 * and the last sequence, kept in memory and in storage so a reload resumes where it left off.
 */
export function createEventTracker(storage: SeqStorage | null, storageKey: string): EventTracker {
  const seen = new Set<string>();
  const order: string[] = [];
  let lastSeq: number | undefined;

  const stored = storage?.getItem(storageKey);
  if (stored != null) {
    const n = Number(stored);
    if (Number.isInteger(n) && n >= 0) lastSeq = n;
  }

  const persist = () => {
    if (lastSeq !== undefined) storage?.setItem(storageKey, String(lastSeq));
  };
  const bump = (seq: number) => {
    if (!Number.isFinite(seq)) return;
    if (lastSeq === undefined || seq > lastSeq) {
      lastSeq = seq;
      persist();
    }
  };

  return {
    get lastSeq() {
      return lastSeq;
    },
    accept({ id, seq }) {
      if (seen.has(id)) return false;
      seen.add(id);
      order.push(id);
      if (order.length > MAX_REMEMBERED_IDS) seen.delete(order.shift()!);
      bump(seq);
      return true;
    },
    advanceTo(seq) {
      bump(seq);
    },
    reset() {
      seen.clear();
      order.length = 0;
      lastSeq = undefined;
      storage?.removeItem(storageKey);
    },
  };
}
