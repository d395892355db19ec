import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sqlite';
import { roomOf, SYSTEM_STREAM, type Audience, type EventEnvelope } from '@kpi/contracts';
import type { RealtimeServer } from '../events/event-publisher';
import { EventLog } from '../events/event-log.entity';
import { tapBroadcasts, type BroadcastPacket } from './broadcast-tap';
import { StreamGaps } from './stream-gaps';

/** How long a missing seq may be late (two nodes committing at once publish in either order) before it is fetched. */
const GAP_GRACE_MS = 1_500;

const envelopeOf = (packet: BroadcastPacket): EventEnvelope | null => {
  const envelope = packet.data?.[1] as Partial<EventEnvelope> | undefined;
  return envelope && typeof envelope.id === 'string' && typeof envelope.seq === 'number' ? (envelope as EventEnvelope) : null;
};

/** A wall room's envelopes are the wall relay's copies, outside the streams' numbering. */
const isWallRoom = (room: string) => room.startsWith('wall');

/**
 * Keeps what a node delivers to its sockets in sequence order, whichever node published it:
 * - **Replay hold.** While a socket's replay is read, every live event for it (from this node or relayed from
 *   another through Redis) waits; `release` hands back those past the replayed head, in order, so a live event
 *   never overtakes the replay and none is sent twice.
 * - **Lost publications.** A node killed between its commit and its publish leaves a hole in a stream: the
 *   other nodes notice the seq that never came (after a grace for publishes merely late) and deliver it from the
 *   event log to their own sockets. Wall rooms get no such copy; walls refetch their board on reconnect.
 */
@Injectable()
export class LiveOrder implements OnModuleDestroy {
  private readonly logger = new Logger('LiveOrder');
  private readonly held = new Map<string, EventEnvelope[]>();
  private readonly gaps = new StreamGaps();
  private readonly checks = new Map<string, NodeJS.Timeout>();
  private server: RealtimeServer | null = null;

  constructor(private readonly em: EntityManager) {}

  attach(server: RealtimeServer): void {
    this.server = server;
    tapBroadcasts(server.of('/').adapter, {
      seen: (packet, opts) => {
        const envelope = envelopeOf(packet);
        if (!envelope || [...opts.rooms].some(isWallRoom)) return;
        const stream = envelope.companyId ?? SYSTEM_STREAM;
        if (this.gaps.see(stream, envelope.seq)) this.checkLater(stream);
      },
      withhold: (socketId, packet) => {
        const queue = this.held.get(socketId);
        const envelope = envelopeOf(packet);
        if (!queue || !envelope) return false;
        queue.push(envelope);
        return true;
      },
    });
  }

  /** Live events for this socket wait from now until `release`. */
  hold(socketId: string): void {
    this.held.set(socketId, []);
  }

  /** Ends the hold: the events that waited and come after `head` (what the replay covered), in sequence order, once each. */
  release(socketId: string, head: number): EventEnvelope[] {
    const queue = this.held.get(socketId) ?? [];
    this.held.delete(socketId);
    const ids = new Set<string>();
    return queue
      .filter((e) => e.seq > head && !ids.has(e.id) && ids.add(e.id))
      .sort((a, b) => a.seq - b.seq);
  }

  onModuleDestroy(): void {
    for (const timer of this.checks.values()) clearTimeout(timer);
    this.checks.clear();
    this.server = null;
  }

  private checkLater(stream: string): void {
    if (this.checks.has(stream)) return;
    const timer = setTimeout(() => {
      this.checks.delete(stream);
      this.fill(stream).catch((err: Error) => this.logger.error(`filling a gap in stream ${stream} failed: ${err.message}`));
    }, GAP_GRACE_MS);
    timer.unref();
    this.checks.set(stream, timer);
  }

  /** Delivers, to this node's sockets only, the events of `stream` that were committed but never came by. */
  private async fill(stream: string): Promise<void> {
    const missing = this.gaps.missing(stream);
    const server = this.server;
    if (!missing.length || !server) return;
    const rows = await this.em.fork().find(EventLog, { stream, seq: { $in: missing } }, { orderBy: { seq: 'asc' } });
    for (const row of rows) {
      const envelope: EventEnvelope = { id: row.id, seq: row.seq, type: row.type as EventEnvelope['type'], at: row.at.toISOString(), companyId: row.companyId, payload: row.payload as EventEnvelope['payload'] };
      const audience = { kind: row.audienceKind, companyId: row.companyId, userId: row.audienceUserId } as Audience;
      // `local`: every node fills its own sockets; the tap sees this emit and closes the gap.
      (server.local.to(roomOf(audience)).emit as (type: string, env: unknown) => boolean)(envelope.type, envelope);
    }
    this.logger.warn(`delivered ${rows.length} event(s) of stream ${stream} that were committed but never published`);
    const found = new Set(rows.map((r) => r.seq));
    this.gaps.skip(stream, missing.filter((seq) => !found.has(seq)));
  }
}
