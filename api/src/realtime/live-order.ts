import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import { roomOf, SYSTEM_STREAM, type AnyEnvelope } from '@kpi/contracts';
import type { Socket } from 'socket.io';
import { EventLog } from '../events/event-log.entity';
import { storedAudience, storedEnvelope } from '../events/stored-events';
import { tapBroadcasts, type BroadcastOptions, type BroadcastPacket } from './broadcast-tap';
import { emitEvent, type RealtimeServer } from './emit';
import { StreamGaps } from './stream-gaps';

/** How long a missing seq may be late (two nodes committing at once publish in either order) before it is fetched. */
const GAP_GRACE_MS = 1_500;

/** The envelope a broadcast carries, if it is an event's (this server emitted it through emit.ts). */
const envelopeOf = (packet: BroadcastPacket): AnyEnvelope | null => {
  const envelope = packet.data?.[1] as Partial<AnyEnvelope> | undefined;
  return envelope && typeof envelope.id === 'string' && typeof envelope.seq === 'number' ? (envelope as AnyEnvelope) : null;
};
const streamOfEnvelope = (envelope: AnyEnvelope) => envelope.companyId ?? SYSTEM_STREAM;
/** A wall room's envelopes are the wall relay's copies, outside the streams' numbering. */
const isWallRoom = (room: string) => room.startsWith('wall');
const bySeq = (a: { seq: number }, b: { seq: number }) => a.seq - b.seq;

/**
 * Delivers each stream's events to this node's sockets in sequence order, whichever node published them:
 * - **Replay hold.** While a socket's replay is read, its live events (from this node or relayed from another through
 *   Redis) wait; `release` hands back those past the replayed head, in order. Afterwards nothing at or below that
 *   head reaches the socket again.
 * - **Gaps.** An event that arrives while an earlier seq of its stream is still missing (another node published
 *   later than a third, or died between its commit and its publish) waits until the missing one comes. If it has not
 *   come after a grace, it is read from the event log and delivered here, then the waiting ones follow.
 *   (Wall rooms get no such copy: walls refetch their board on reconnect and every few minutes.)
 */
@Injectable()
export class LiveOrder implements OnModuleDestroy {
  private readonly logger = new Logger('LiveOrder');
  private server: RealtimeServer | null = null;
  /** Sockets whose replay is being read: their live events, in arrival order. */
  private readonly held = new Map<string, AnyEnvelope[]>();
  /** Sockets after their replay: the head it covered. */
  private readonly heads = new Map<string, number>();
  private readonly gaps = new StreamGaps();
  /** Per stream, events that came after a missing one, with the socket each was for. */
  private readonly waiting = new Map<string, { socketId: string; envelope: AnyEnvelope }[]>();
  private readonly checks = new Map<string, NodeJS.Timeout>();
  /** The broadcast being applied: whether it must wait behind a gap. */
  private current: { stream: string; waits: boolean } | null = null;

  constructor(private readonly em: EntityManager) {}

  attach(server: RealtimeServer): void {
    this.server = server;
    tapBroadcasts(server.of('/').adapter, {
      seen: (packet, opts) => this.seen(packet, opts),
      withhold: (socketId, packet) => {
        const envelope = envelopeOf(packet);
        if (!envelope || !this.current) return false;
        if (!this.current.waits) return this.takeOver(socketId, envelope);
        this.waiting.get(this.current.stream)!.push({ socketId, envelope });
        return true;
      },
      delivered: () => {
        const current = this.current;
        this.current = null;
        if (current && !current.waits) this.flush(current.stream);
      },
    });
  }

  /** Live events for this socket wait from now until `release`. */
  hold(socket: Socket): void {
    this.held.set(socket.id, []);
    socket.once('disconnect', () => {
      this.held.delete(socket.id);
      this.heads.delete(socket.id);
    });
  }

  /** Ends the hold: the events that waited and come after `head` (what the replay covered), in sequence order, once each. */
  release(socket: Socket, head: number): AnyEnvelope[] {
    const queue = this.held.get(socket.id) ?? [];
    this.held.delete(socket.id);
    if (socket.connected) this.heads.set(socket.id, Math.max(head, ...queue.map((e) => e.seq)));
    const ids = new Set<string>();
    return queue.filter((e) => e.seq > head && !ids.has(e.id) && ids.add(e.id)).sort(bySeq);
  }

  onModuleDestroy(): void {
    for (const timer of this.checks.values()) clearTimeout(timer);
    this.checks.clear();
    this.server = null;
  }

  private seen(packet: BroadcastPacket, opts: BroadcastOptions): void {
    const envelope = envelopeOf(packet);
    if (!envelope || [...opts.rooms].some(isWallRoom)) return void (this.current = null);
    const stream = streamOfEnvelope(envelope);
    if (this.gaps.see(stream, envelope.seq)) this.checkLater(stream);
    const waits = envelope.seq > (this.gaps.through(stream) ?? 0);
    if (waits && !this.waiting.has(stream)) this.waiting.set(stream, []);
    this.current = { stream, waits };
  }

  /**
   * True when this module takes the event over from the adapter: it waits in the socket's replay hold, or the
   * replay already carried it.
   */
  private takeOver(socketId: string, envelope: AnyEnvelope): boolean {
    const queue = this.held.get(socketId);
    if (queue) {
      queue.push(envelope);
      return true;
    }
    return envelope.seq <= (this.heads.get(socketId) ?? 0);
  }

  /** Delivers, in order, the waiting events of `stream` that no missing seq holds back any longer. */
  private flush(stream: string): void {
    const list = this.waiting.get(stream);
    const through = this.gaps.through(stream) ?? 0;
    if (!list) return;
    const ready = list.filter((w) => w.envelope.seq <= through).sort((a, b) => bySeq(a.envelope, b.envelope));
    const rest = list.filter((w) => w.envelope.seq > through);
    if (rest.length) this.waiting.set(stream, rest);
    else this.waiting.delete(stream);
    const sockets = this.server?.of('/').sockets;
    for (const { socketId, envelope } of ready) {
      const socket = sockets?.get(socketId);
      if (socket && !this.takeOver(socketId, envelope)) emitEvent(socket, envelope);
    }
  }

  private checkLater(stream: string): void {
    if (this.checks.has(stream)) return;
    const timer = setTimeout(() => {
      this.checks.delete(stream);
      this.fill(stream).catch((err: Error) => {
        this.logger.error(`filling a gap in stream ${stream} failed: ${err.message}`);
        this.checkLater(stream);
      });
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
      // `local`: every node fills its own sockets. The tap sees this emit like any other, closing the gap.
      emitEvent(server.local.to(roomOf(storedAudience(row))), storedEnvelope(row));
    }
    if (rows.length) this.logger.warn(`delivered ${rows.length} event(s) of stream ${stream} that were committed but never published`);
    const found = new Set(rows.map((r) => r.seq));
    this.gaps.skip(stream, missing.filter((seq) => !found.has(seq)));
    this.flush(stream);
    if (this.gaps.missing(stream).length) this.checkLater(stream);
  }
}
