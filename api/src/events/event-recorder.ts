import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/knex';
import { streamOf, type AnyEnvelope, type Audience, type EventPayloads, type EventType, type LiveNotes, type LiveNoteType } from '@kpi/contracts';
import { inParallel } from '../database/in-parallel';
import type { CommitNotice, Committed, LiveNote, RecordedEvent } from './commit-feed';
import { execute } from '../database/bound-sql';
import type { ChangeNote, ClosingWrite, NotedEvent, OutboxSink } from './outbox-sink';


type Pending = NotedEvent;

/**
 * Collects the domain events of one transaction. `flush` numbers them per stream and writes them to the
 * event log inside that transaction, so an event exists exactly when its change does. Notices (commit-feed.ts)
 * ride along unlogged, so they too are handed over only if the transaction commits.
 */
export class EventRecorder {
  private pending: Pending[] = [];
  private notices: CommitNotice[] = [];
  private notes: LiveNote[] = [];
  private closing: ClosingWrite[] = [];

  constructor(
    private readonly em: EntityManager,
    private readonly sinks: readonly OutboxSink[] = [],
  ) {}

  /** `note` tells the outbox's sinks (the audit trail) what the payload does not: see outbox-sink.ts. */
  record<T extends EventType>(type: T, audience: Audience, payload: EventPayloads[T], note?: ChangeNote): void {
    this.pending.push(note ? { type, audience, payload, note } : { type, audience, payload });
  }

  /** A fact for the server's own edges after the commit (commit-feed.ts): not logged, not sent to clients. */
  notify(notice: CommitNotice): void {
    this.notices.push(notice);
  }

  /** A live note for `audience`'s room once the transaction commits: not logged, not numbered, never replayed. */
  tell<T extends LiveNoteType>(type: T, audience: Audience, payload: LiveNotes[T]): void {
    this.notes.push({ type, audience, payload });
  }

  /**
   * Runs a closing write once, in the transaction, while `flush` reserves the sequence numbers: for rows a unit of
   * work writes in one statement however many times it was asked for them (notifications.service.ts). The events
   * it records must be the ones it announced; `flush` fails (and the transaction rolls back) otherwise.
   */
  beforeFlush(closing: ClosingWrite): void {
    this.closing.push(closing);
  }

  get size(): number {
    return this.pending.length;
  }

  async flush(): Promise<Committed> {
    if (this.pending.length) {
      for (const sink of this.sinks) {
        const write = sink.closingWrite(this.em, this.pending, this);
        if (write) this.closing.push(write);
      }
    }
    const closing = this.closing.splice(0);
    const counts = new Map<string, number>();
    for (const audience of [...this.pending.map((p) => p.audience), ...closing.flatMap((c) => c.audiences())]) {
      const stream = streamOf(audience);
      counts.set(stream, (counts.get(stream) ?? 0) + 1);
    }
    // The counters and the closing writes depend only on what is known now: one trip for both.
    const [lastSeq, ...written] = await inParallel([this.reserve(counts), ...closing.map((c) => c.write())]);
    const rest = written.flatMap((w) => (w ? [w.rest] : []));
    const byStream = new Map<string, Pending[]>();
    for (const p of this.pending) {
      const stream = streamOf(p.audience);
      const list = byStream.get(stream);
      if (list) list.push(p);
      else byStream.set(stream, [p]);
    }
    const { notices, notes } = this;
    this.pending = [];
    this.notices = [];
    this.notes = [];
    if (byStream.size !== counts.size || [...byStream].some(([stream, events]) => counts.get(stream) !== events.length)) {
      throw new Error('A closing write recorded other events than it announced');
    }
    if (byStream.size === 0) {
      await inParallel(rest);
      return { events: [], notices, notes };
    }

    const recorded: RecordedEvent[] = [];
    const rows: unknown[][] = [];
    const at = new Date();
    const dbAt = this.em.getPlatform().processDateProperty(at);
    for (const [stream, events] of byStream) {
      const last = lastSeq.get(stream)!;
      events.forEach((p, i) => {
        const companyId = p.audience.kind === 'superadmin' ? null : p.audience.companyId;
        // `record` paired the type with its payload; the pending list cannot carry that pairing, so it is restated here.
        const envelope = {
          id: randomUUID(),
          seq: last - events.length + 1 + i,
          type: p.type,
          at: at.toISOString(),
          companyId,
          payload: p.payload,
        } as AnyEnvelope;
        rows.push([envelope.id, stream, envelope.seq, p.type, p.audience.kind, p.audience.kind === 'user' ? p.audience.userId : null, companyId, JSON.stringify(p.payload), dbAt]);
        recorded.push({ envelope, audience: p.audience });
      });
    }
    // One plain insert: nothing reads these rows back in the transaction, and the ORM's insertMany cost more
    // than the statement (docs/benchmarks.md).
    await inParallel([
      execute(
        this.em,
        `insert into event_log (id, stream, seq, type, audience_kind, audience_user_id, company_id, payload, at) values ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
        rows.flat(),
      ),
      ...rest,
    ]);
    return { events: recorded, notices, notes };
  }

  /**
   * Advances every stream's counter by its count in one statement; returns each stream's new last sequence
   * number. (Both SQLite and PostgreSQL take a multi-row upsert with `returning`.)
   */
  private async reserve(counts: Map<string, number>): Promise<Map<string, number>> {
    if (counts.size === 0) return new Map();
    const rows = await execute<{ stream: string; last_seq: number | string }>(
      this.em,
      `insert into stream_sequences (stream, last_seq) values ${[...counts].map(() => '(?, ?)').join(', ')}
       on conflict (stream) do update set last_seq = stream_sequences.last_seq + excluded.last_seq
       returning stream, last_seq`,
      [...counts].flat(),
    );
    return new Map(rows.map((r) => [r.stream, Number(r.last_seq)]));
  }
}
