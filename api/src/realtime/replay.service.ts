import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { AnyEnvelope } from '@kpi/contracts';
import type { Actor } from '../common/auth/actor';
import { EventLog } from '../events/event-log.entity';
import { storedEnvelope } from '../events/stored-events';
import { EVENT_COLUMNS, loggedRowOf, type EventRow } from '../events/event-rows';
import { readRows } from '../database/read-rows';
import { createLimiter } from './concurrency';
import { SharedSpans } from './shared-spans';
import { batchedReads } from '../common/rows/batched-reads';
import { dropDeleted } from './replay-redaction';
import { streamFor } from './rooms-for';
import { placeholders } from '../common/rows/params';

/** The most events one socket is replayed; past it the socket gets `resync`, and its screens refetch. */
export const MAX_REPLAY = 1000;
/**
 * The longest span of a stream a replay reads, every audience's events together. A person sees a share of their
 * company's stream (an executive: the company's events and their own), so a stream-wide cap of MAX_REPLAY told a
 * whole office to refetch after a minute of a busy company's scoring: every one of 10,000 sockets, after a restart
 * in the scale suite's storm (docs/scale-out.md). A span of ten replays keeps most of them on their replay.
 */
export const MAX_REPLAY_SPAN = 10 * MAX_REPLAY;
/**
 * Replays read at once per node. A reconnect storm (a node's sockets all coming back) queues behind these few, so
 * REST calls still find free connections in the pool (10) and the node answers while the storm settles.
 */
export const REPLAY_CONCURRENCY = 4;

export type ReplayResult = { kind: 'replay'; events: AnyEnvelope[]; seq: number } | { kind: 'resync'; seq: number };

/**
 * Streams' last committed sequences, plain rows on the read connection: every socket that connects asks (1,000
 * at once after a restart, ten streams between them), and the entity lookup cost more than the query.
 */
async function headsOf(em: EntityManager, streams: string[]): Promise<Map<string, number>> {
  const rows = await readRows<{ stream: string; last_seq: number | string }>(em, `select stream, last_seq from stream_sequences where stream in (${placeholders(streams)})`, streams);
  return new Map(rows.map((row) => [row.stream, Number(row.last_seq)]));
}

/** A logged event with who it was for, as a shared replay read holds it until each socket takes its share. */
interface LoggedEvent {
  envelope: AnyEnvelope;
  audienceKind: EventLog['audienceKind'];
  audienceUserId: string | null;
}

/**
 * The events of a stream after a point, for every audience, up to the last one the read saw (`through`), or `resync`
 * when the log no longer reaches back. `read` is every row read, before what was deleted since is dropped from
 * `events`: a later read of the span adds what came after it and drops again.
 */
type StreamRead = { kind: 'events'; events: LoggedEvent[]; through: number; read: LoggedEvent[] } | { kind: 'resync' };


/** Whether `actor` may see an event of their own stream: the filter every replay applies to a shared read. */
function visibleTo(actor: Actor, event: LoggedEvent): boolean {
  switch (event.audienceKind) {
    case 'company':
      return true;
    case 'user':
      return event.audienceUserId === actor.userId;
    case 'admins':
      return actor.role === 'admin';
    case 'superadmin':
      return actor.role === 'superadmin';
    default:
      return false;
  }
}

/** Finds the events a reconnecting user missed, limited to what their audience may see. */
@Injectable()
export class ReplayService {
  private readonly limit = createLimiter(REPLAY_CONCURRENCY);
  /** The heads the sockets connecting meanwhile ask for, one statement (and one of the few slots) per batch. */
  private readonly heads = batchedReads<string, number>((streams) => this.limit(() => headsOf(this.em, streams)));
  /** Reads of a stream after a point, shared by the sockets that missed the same events (shared-spans.ts). */
  private readonly spans = new SharedSpans<StreamRead>(this.limit, (read, head) => read.kind === 'resync' || read.through >= head);

  constructor(private readonly em: EntityManager) {}

  /** The last sequence number of a stream (0 before its first event). */
  async head(stream: string): Promise<number> {
    return (await this.heads(stream)) ?? 0;
  }

  async missedBy(actor: Actor, since: number | undefined): Promise<ReplayResult> {
    const stream = streamFor(actor);
    const head = await this.head(stream);
    if (since === undefined || since === head) return { kind: 'replay', events: [], seq: head };
    // Ahead of the head: the client's sequence comes from another database (a reset demo), so refetch.
    if (since < 0 || since > head || head - since > MAX_REPLAY_SPAN) return { kind: 'resync', seq: head };
    const read = await this.spans.read(`${stream} ${since}`, head, (previous) => this.read(stream, since, previous));
    if (read.kind === 'resync') return { kind: 'resync', seq: head };
    const events = read.events.filter((event) => visibleTo(actor, event)).map((event) => event.envelope);
    if (events.length > MAX_REPLAY) return { kind: 'resync', seq: head };
    // The read may reach past this socket's head: what it saw is replayed, and `sync` covers it all.
    return { kind: 'replay', events, seq: Math.max(head, read.through) };
  }

  /** The span's events, continuing `previous` (a read of the same span that ended short) where it stopped. */
  private async read(stream: string, since: number, previous?: StreamRead): Promise<StreamRead> {
    const em = this.em.fork();
    const before = previous?.kind === 'events' ? previous : null;
    if (!before) {
      const oldest = await em.findOne(EventLog, { stream }, { orderBy: { seq: 'asc' }, fields: ['seq'] });
      if (!oldest || oldest.seq > since + 1) return { kind: 'resync' };
    }
    const from = before?.through ?? since;
    // Plain rows, not entities: a storm's replays read hundreds of rows each, and hydrating them was most of the
    // node's time then (docs/scale-out.md, "Reconnect storm").
    const rows = (await readRows<EventRow>(em, `select ${EVENT_COLUMNS} from event_log where stream = ? and seq > ? order by seq`, [stream, from])).map(loggedRowOf);
    const read = [...(before?.read ?? []), ...rows.map((row): LoggedEvent => ({ envelope: storedEnvelope(row), audienceKind: row.audienceKind, audienceUserId: row.audienceUserId }))];
    // What was deleted since stays deleted (replay-redaction.ts): checked once for every socket sharing the read.
    const kept = new Set(await dropDeleted(em, read.map((event) => event.envelope)));
    const through = rows.length ? rows[rows.length - 1].seq : from;
    return { kind: 'events', events: read.filter((event) => kept.has(event.envelope)), through, read };
  }
}
