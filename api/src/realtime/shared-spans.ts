import type { Limiter } from './concurrency';

interface Span<T> {
  /** Whether its load has started; until then it waits for a slot and will see everything committed so far. */
  begun: boolean;
  result: Promise<T>;
}

/**
 * Shares the reads of a stream's span (its events after a starting point) between the sockets that ask for it,
 * whatever head each of them read. A stream's events commit in sequence order (one writer on SQLite; on
 * PostgreSQL the stream's counter row stays locked until the commit), so a read sees a prefix of the stream, and
 * a read that begins after a socket read its head sees every event up to that head. Hence:
 * - a read still waiting for a slot serves every socket that asks meanwhile;
 * - a read already under way serves a socket if it reached the socket's head (`reaches`); otherwise the socket
 *   asks for a newer read, which every socket arriving meanwhile joins. The newer read is handed the one it
 *   follows, so it need only read what came after it.
 * Keyed by head instead, a reconnect storm read the same rows again for every event committed while it settled
 * (docs/scale-out.md, "Replays shared across heads").
 */
export class SharedSpans<T> {
  private readonly spans = new Map<string, Span<T>>();

  constructor(
    private readonly schedule: Limiter,
    private readonly reaches: (result: T, head: number) => boolean,
    /** How long a finished read stays shared with sockets arriving a little later. */
    private readonly keptMs = 1_000,
  ) {}

  /**
   * The latest read of span `key` that covers `head`, loading (through the schedule) a new one if none does: `load`
   * gets the read the new one follows, if any.
   */
  async read(key: string, head: number, load: (previous?: T) => Promise<T>): Promise<T> {
    for (;;) {
      const latest = this.spans.get(key);
      const span = latest ?? this.begin(key, () => load());
      // Begun after this head was read (asked for here, or still waiting for a slot when joined): it sees the head.
      const covers = !latest || !span.begun;
      const result = await span.result;
      if (covers || this.reaches(result, head)) return result;
      if (this.spans.get(key) === span) this.begin(key, () => load(result));
    }
  }

  private begin(key: string, load: () => Promise<T>): Span<T> {
    const span: Span<T> = { begun: false, result: Promise.resolve(undefined as T) };
    span.result = this.schedule(() => {
      span.begun = true;
      return load();
    });
    this.spans.set(key, span);
    const forget = () => {
      if (this.spans.get(key) === span) this.spans.delete(key);
    };
    span.result.then(() => setTimeout(forget, this.keptMs).unref(), forget);
    return span;
  }
}
