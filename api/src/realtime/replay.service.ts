import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { AnyEnvelope } from '@kpi/contracts';
import type { Actor } from '../common/auth/actor';
import { EventLog } from '../events/event-log.entity';
import { storedEnvelope } from '../events/stored-events';
import { readRows } from '../database/read-rows';
import { createLimiter } from './concurrency';
import { batchedReads } from './socket-admission-batch';
import { streamFor } from './rooms-for';
import { placeholders } from '../common/rows/params';

export const MAX_REPLAY = 1000;
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

/** Finds the events a reconnecting user missed, limited to what their audience may see. */
@Injectable()
export class ReplayService {
  private readonly limit = createLimiter(REPLAY_CONCURRENCY);
  /** The heads the sockets connecting meanwhile ask for, one statement (and one of the few slots) per batch. */
  private readonly heads = batchedReads<string, number>((streams) => this.limit(() => headsOf(this.em, streams)));

  constructor(private readonly em: EntityManager) {}

  /** The last sequence number of a stream (0 before its first event). */
  async head(stream: string): Promise<number> {
    return (await this.heads(stream)) ?? 0;
  }

  async missedBy(actor: Actor, since: number | undefined): Promise<ReplayResult> {
    const head = await this.head(streamFor(actor));
    if (since === undefined || since === head) return { kind: 'replay', events: [], seq: head };
    return this.limit(() => this.read(actor, since, head));
  }

  private async read(actor: Actor, since: number, head: number): Promise<ReplayResult> {
    const em = this.em.fork();
    const stream = streamFor(actor);
    // Ahead of the head: the client's sequence comes from another database (a reset demo), so refetch.
    if (since < 0 || since > head || head - since > MAX_REPLAY) return { kind: 'resync', seq: head };
    const oldest = await em.findOne(EventLog, { stream }, { orderBy: { seq: 'asc' }, fields: ['seq'] });
    if (!oldest || oldest.seq > since + 1) return { kind: 'resync', seq: head };

    const visible: object[] = [{ audienceKind: 'company' }, { audienceKind: 'user', audienceUserId: actor.userId }];
    if (actor.role === 'admin') visible.push({ audienceKind: 'admins' });
    if (actor.role === 'superadmin') visible.push({ audienceKind: 'superadmin' });
    const rows = await em.find(EventLog, { stream, seq: { $gt: since }, $or: visible }, { orderBy: { seq: 'asc' } });
    const events = rows.map(storedEnvelope);
    // Events committed between reading the head and the rows are replayed too; `sync` covers them.
    return { kind: 'replay', events, seq: Math.max(head, ...events.map((e) => e.seq)) };
  }
}
