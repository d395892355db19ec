import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { AnyEnvelope } from '@kpi/contracts';
import type { Actor } from '../common/auth/actor';
import { EventLog } from '../events/event-log.entity';
import { storedEnvelope } from '../events/stored-events';
import { readRows } from '../database/read-rows';
import { createLimiter } from './concurrency';
import { streamFor } from './rooms-for';

export const MAX_REPLAY = 1000;
/**
 * Replays read at once per node. A reconnect storm (a node's sockets all coming back) queues behind these few, so
 * REST calls still find free connections in the pool (10) and the node answers while the storm settles.
 */
export const REPLAY_CONCURRENCY = 4;

export type ReplayResult = { kind: 'replay'; events: AnyEnvelope[]; seq: number } | { kind: 'resync'; seq: number };

/**
 * A stream's last committed sequence, one plain row on the read connection: every socket that connects asks
 * (1,000 at once after a restart), and the entity lookup cost more than the query.
 */
async function headOf(em: EntityManager, stream: string): Promise<number> {
  const [row] = await readRows<{ last_seq: number | string }>(em, 'select last_seq from stream_sequences where stream = ?', [stream]);
  return row ? Number(row.last_seq) : 0;
}

/** Finds the events a reconnecting user missed, limited to what their audience may see. */
@Injectable()
export class ReplayService {
  private readonly limit = createLimiter(REPLAY_CONCURRENCY);

  constructor(private readonly em: EntityManager) {}

  /** The last sequence number of a stream (0 before its first event). */
  head(stream: string): Promise<number> {
    return this.limit(() => headOf(this.em, stream));
  }

  missedBy(actor: Actor, since: number | undefined): Promise<ReplayResult> {
    return this.limit(() => this.read(actor, since));
  }

  private async read(actor: Actor, since: number | undefined): Promise<ReplayResult> {
    const em = this.em.fork();
    const stream = streamFor(actor);
    const head = await headOf(em, stream);
    if (since === undefined || since === head) return { kind: 'replay', events: [], seq: head };
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
