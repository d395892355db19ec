import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import { roomOf, SYSTEM_STREAM, type AnyEnvelope } from '@kpi/contracts';
import type { Socket } from 'socket.io';
import { EventLog } from '../events/event-log.entity';
import { storedAudience, storedEnvelope } from '../events/stored-events';
import type { RealtimeServer } from './emit';
import { PacedSends } from './paced-sends';
import { StreamGaps } from './stream-gaps';

/** How long a missing seq may be late (two nodes committing at once publish in either order) before it is fetched. */
const GAP_GRACE_MS = 1_500;

/** An event and the room of its audience: what every node delivers to its own sockets (live-relay.ts). */
export interface RoutedEvent {
  room: string;
  envelope: AnyEnvelope;
}

const streamOfEnvelope = (envelope: AnyEnvelope) => envelope.companyId ?? SYSTEM_STREAM;
const bySeq = (a: RoutedEvent, b: RoutedEvent) => a.envelope.seq - b.envelope.seq;

/**
 * Delivers each stream's events to this node's sockets in sequence order, whichever node published them. Every
 * event reaches it through `deliver`: the node's own commits from the publisher, the other nodes' from the live
 * relay, the missing ones from the event log. It sends with Socket.IO's public API only: `server.local.to(room)`,
 * leaving out (`except`, by the room each socket has of its own id) the sockets this module speaks for.
 * - **Replay hold.** While a socket's replay is read, its live events wait; `release` hands back those past the
 *   replayed head, in order. Afterwards nothing at or below that head reaches the socket again.
 * - **Large rooms in slices.** The sends go through `PacedSends`: a room of hundreds of sockets is written a slice
 *   at a time, each stream's events still in order.
 * - **Gaps.** An event that arrives while an earlier seq of its stream is still missing (another node published
 *   later than a third, or died between its commit and its publish) waits until the missing one comes. If it has not
 *   come after a grace, it is read from the event log and delivered here, then the waiting ones follow.
 *   (Wall rooms are not ordered here: walls refetch their board on reconnect and every few minutes.)
 */
@Injectable()
export class LiveOrder implements OnModuleDestroy {
  private readonly logger = new Logger('LiveOrder');
  private server: RealtimeServer | null = null;
  /** Sockets whose replay is being read: their live events, in arrival order. */
  private readonly held = new Map<string, { socket: Socket; queue: AnyEnvelope[] }>();
  /**
   * Per stream, the sockets whose replay reached past what this node has sent of it since: the head each replay
   * covered. A socket leaves once an event past its head is sent (a stream's events are sent in order, so none at
   * or below its head can follow), so this holds the sockets that have just connected, not every socket.
   */
  private readonly heads = new Map<string, Map<string, number>>();
  private readonly gaps = new StreamGaps();
  /** Per stream, events that came after a missing one. */
  private readonly waiting = new Map<string, RoutedEvent[]>();
  private readonly checks = new Map<string, NodeJS.Timeout>();
  private readonly sends = new PacedSends();

  constructor(private readonly em: EntityManager) {}

  attach(server: RealtimeServer): void {
    this.server = server;
  }

  /** Live events for this socket wait from now until `release`. */
  hold(socket: Socket): void {
    this.held.set(socket.id, { socket, queue: [] });
    socket.once('disconnect', () => {
      this.held.delete(socket.id);
      for (const [stream, heads] of this.heads) if (heads.delete(socket.id) && heads.size === 0) this.heads.delete(stream);
    });
  }

  /**
   * Ends the hold: the events that waited and come after `head` (what the replay of `stream`, the socket's one
   * stream, covered), in sequence order, once each.
   */
  release(socket: Socket, stream: string, head: number): AnyEnvelope[] {
    const queue = this.held.get(socket.id)?.queue ?? [];
    this.held.delete(socket.id);
    if (socket.connected) {
      let heads = this.heads.get(stream);
      if (!heads) this.heads.set(stream, (heads = new Map<string, number>()));
      heads.set(socket.id, Math.max(head, ...queue.map((e) => e.seq)));
    }
    const ids = new Set<string>();
    return queue.filter((e) => e.seq > head && !ids.has(e.id) && ids.add(e.id)).sort((a, b) => a.seq - b.seq);
  }

  /** Sends a committed event to this node's sockets in `room`, after every earlier one of its stream. */
  deliver(event: RoutedEvent): void {
    const stream = streamOfEnvelope(event.envelope);
    if (this.gaps.see(stream, event.envelope.seq)) this.checkLater(stream);
    if (event.envelope.seq > (this.gaps.through(stream) ?? 0)) {
      const list = this.waiting.get(stream);
      if (list) list.push(event);
      else this.waiting.set(stream, [event]);
      return;
    }
    this.send(event);
    this.flush(stream);
  }

  /** Runs `run` once `events`, delivered, have been written to this node's sockets (with their streams' earlier ones). */
  afterSent(events: readonly RoutedEvent[], run: () => void): void {
    this.sends.afterSent(
      events.map(({ envelope }) => streamOfEnvelope(envelope)),
      run,
    );
  }

  onModuleDestroy(): void {
    this.sends.clear();
    for (const timer of this.checks.values()) clearTimeout(timer);
    this.checks.clear();
    this.server = null;
  }

  /**
   * To every socket of this node in the room, except those holding for a replay (the event joins their queue) and
   * those whose replay already carried it.
   */
  private send({ room, envelope }: RoutedEvent): void {
    const server = this.server;
    if (!server) return;
    const skip: string[] = [];
    for (const [id, { socket, queue }] of this.held) {
      if (!socket.rooms.has(room)) continue;
      queue.push(envelope);
      skip.push(id);
    }
    const stream = streamOfEnvelope(envelope);
    const heads = this.heads.get(stream);
    if (heads) {
      for (const [id, head] of heads) {
        if (envelope.seq <= head) skip.push(id);
        else heads.delete(id);
      }
      if (heads.size === 0) this.heads.delete(stream);
    }
    this.sends.send(server, stream, room, skip, envelope);
  }

  /** Delivers, in order, the waiting events of `stream` that no missing seq holds back any longer. */
  private flush(stream: string): void {
    const list = this.waiting.get(stream);
    if (!list) return;
    const through = this.gaps.through(stream) ?? 0;
    const ready = list.filter((w) => w.envelope.seq <= through).sort(bySeq);
    const rest = list.filter((w) => w.envelope.seq > through);
    if (rest.length) this.waiting.set(stream, rest);
    else this.waiting.delete(stream);
    for (const event of ready) this.send(event);
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
    if (!missing.length || !this.server) return;
    const rows = await this.em.fork().find(EventLog, { stream, seq: { $in: missing } }, { orderBy: { seq: 'asc' } });
    // Every node fills its own sockets; each delivery closes its part of the gap.
    for (const row of rows) this.deliver({ room: roomOf(storedAudience(row)), envelope: storedEnvelope(row) });
    if (rows.length) this.logger.warn(`delivered ${rows.length} event(s) of stream ${stream} that were committed but never published`);
    const found = new Set(rows.map((r) => r.seq));
    this.gaps.skip(stream, missing.filter((seq) => !found.has(seq)));
    this.flush(stream);
    if (this.gaps.missing(stream).length) this.checkLater(stream);
  }
}
