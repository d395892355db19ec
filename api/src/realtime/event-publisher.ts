import { Injectable, Logger } from '@nestjs/common';
import { roomOf } from '@kpi/contracts';
import { CommitFeed, type Committed } from '../events/commit-feed';
import { disconnectsFor } from './disconnects';
import { emitEvent, emitNote, type RealtimeServer } from './emit';
import { LiveOrder } from './live-order';
import { LiveRelay, type RelayedCommit } from './live-relay';
import { wallRelay } from './wall-relay';

/**
 * The one place events leave the server. Each commit is applied to this node's sockets and, through the live
 * relay, to every other node's (each node orders and delivers to its own sockets: live-order.ts): its events go to
 * the rooms of their audiences, then the sockets the change ends are closed (disconnects.ts). What wall displays
 * may see of an event (wall-relay.ts) goes to the company's wall room through the Socket.IO adapter, which reaches
 * every node, and so do the commit's live notes, which no stream numbers. It listens to the outbox's commit feed,
 * so nothing reaches a socket before its commit.
 */
@Injectable()
export class EventPublisher {
  private readonly logger = new Logger('Events');
  private server: RealtimeServer | null = null;

  constructor(
    feed: CommitFeed,
    private readonly liveOrder: LiveOrder,
    private readonly relay: LiveRelay,
  ) {
    feed.listen((committed) => this.publish(committed));
    relay.listen((commit) => this.apply(commit));
  }

  attach(server: RealtimeServer): void {
    this.server = server;
  }

  private publish(committed: Committed): void {
    const server = this.server;
    if (!server) return; // no socket server (e.g. a CLI run): the event log still has them for replay
    const commit: RelayedCommit = {
      events: committed.events.map(({ envelope, audience }) => ({ room: roomOf(audience), envelope })),
      disconnects: disconnectsFor(committed),
    };
    this.relay.send(commit);
    for (const { envelope, audience } of committed.events) {
      const forWalls = wallRelay(envelope, audience);
      if (forWalls) emitEvent(server.to(forWalls.room), forWalls.envelope);
    }
    for (const { type, audience, payload } of committed.notes ?? []) emitNote(server.to(roomOf(audience)), type, payload);
    this.apply(commit);
    this.logger.debug?.(`published ${committed.events.length} event(s)`);
  }

  /** A commit, this node's or another's, on this node's sockets. */
  private apply({ events, disconnects }: RelayedCommit): void {
    const server = this.server;
    if (!server) return;
    for (const event of events) this.liveOrder.deliver(event);
    if (!disconnects.length) return;
    // Closed only once the commit's events have been written to the sockets (a large room goes out in slices).
    this.liveOrder.afterSent(events, () => {
      for (const { room, afterMs } of disconnects) {
        const close = () => server.local.in(room).disconnectSockets(true);
        if (afterMs) setTimeout(close, afterMs).unref();
        else close();
      }
    });
  }
}
