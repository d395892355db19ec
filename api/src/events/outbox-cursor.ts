import type { EntityManager } from '@mikro-orm/knex';
import { execute } from '../database/bound-sql';
import { inParallel } from '../database/in-parallel';
import { EVENT_COLUMNS, loggedRowOf, type EventRow, type LoggedRow } from './event-rows';

/** A logged event as a consumer of the outbox reads it. */
export type OutboxEvent = LoggedRow;

/**
 * A durable consumer of the outbox (`event_log`): it remembers, per stream, the last sequence number it has
 * handled (`outbox_cursors`, one row per consumer and stream). Each step reads the next events of one stream,
 * hands them to the consumer's work and moves the cursor in the same transaction, so the work of an event
 * commits exactly once. The cursor row is locked for the step (on SQLite, write transactions already run one at
 * a time), so several nodes can run the same consumer: the second waits, then reads on from where the first
 * stopped. Sequences are gap-free per stream and commit in order, so nothing is skipped.
 */
export class OutboxCursor {
  constructor(private readonly consumer: string) {}

  /** The streams that have events this consumer has not handled, at most `limit` of them. */
  async streamsBehind(em: EntityManager, limit = 100): Promise<string[]> {
    const rows = await em.getConnection().execute<{ stream: string }[]>(
      `select s.stream from stream_sequences s left join outbox_cursors c on c.consumer = ? and c.stream = s.stream
       where s.last_seq > coalesce(c.last_seq, 0) limit ?`,
      [this.consumer, limit],
    );
    return rows.map((r) => r.stream);
  }

  /**
   * Handles the next events (at most `limit`) of one stream, in one transaction with moving the cursor past
   * them. Answers how many were handled (0 when none was left).
   */
  async step(em: EntityManager, stream: string, limit: number, work: (em: EntityManager, events: OutboxEvent[]) => Promise<void>): Promise<number> {
    return em.fork().transactional((tx) => this.stepIn(tx, stream, limit, work));
  }

  /**
   * As `step`, for several streams in one transaction (one commit, so one sync of the log, however many
   * companies had events). The streams are locked in one order on every node, so two nodes never wait on each
   * other crosswise. Answers how many events each stream handed over; all or none of them are handled.
   */
  async stepStreams(em: EntityManager, streams: readonly string[], limit: number, work: (em: EntityManager, stream: string, events: OutboxEvent[]) => Promise<void>): Promise<Map<string, number>> {
    return em.fork().transactional(async (tx) => {
      const handled = new Map<string, number>();
      for (const stream of [...streams].sort()) handled.set(stream, await this.stepIn(tx, stream, limit, (inTx, events) => work(inTx, stream, events)));
      return handled;
    });
  }

  private async stepIn(tx: EntityManager, stream: string, limit: number, work: (em: EntityManager, events: OutboxEvent[]) => Promise<void>): Promise<number> {
    // Sent together (one round trip on PostgreSQL, bound-sql.ts): the upsert creates the cursor at 0 or, on
    // PostgreSQL, locks the one there (an update that changes nothing still takes the row lock, as FOR UPDATE
    // would), and the read that follows it on the connection starts after the locked cursor. On SQLite, whose
    // write transactions run one at a time, the two may run in either order: the read then finds the cursor as it
    // is, or none yet (0).
    const [, rows] = await inParallel([
      execute(tx, 'insert into outbox_cursors (consumer, stream, last_seq) values (?, ?, 0) on conflict (consumer, stream) do update set last_seq = outbox_cursors.last_seq', [this.consumer, stream]),
      execute<EventRow>(
        tx,
        `select ${EVENT_COLUMNS} from event_log
         where stream = ? and seq > coalesce((select last_seq from outbox_cursors where consumer = ? and stream = ?), 0) order by seq limit ?`,
        [stream, this.consumer, stream, limit],
      ),
    ] as const);
    if (rows.length === 0) return 0;
    const events = rows.map(loggedRowOf);
    await work(tx, events);
    await execute(tx, 'update outbox_cursors set last_seq = ? where consumer = ? and stream = ?', [events[events.length - 1].seq, this.consumer, stream]);
    return events.length;
  }
}
