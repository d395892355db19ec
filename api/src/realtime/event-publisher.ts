import { Injectable, Logger } from '@nestjs/common';
import { roomOf } from '@kpi/contracts';
import { CommitFeed, type Committed } from '../events/commit-feed';
import { disconnectsFor } from './disconnects';
import { emitEvent, emitNote, type RealtimeServer } from './emit';
import { wallRelay } from './wall-relay';

/**
 * The one place events leave the server: each committed event goes to the room of its audience, and what wall
 * displays may see of it (wall-relay.ts) to the company's wall room; so do its live notes, which no stream numbers;
 * then the sockets the change ends are closed (disconnects.ts). It listens to the outbox's commit feed, so nothing reaches a socket before its commit.
 */
@Injectable()
export class EventPublisher {
  private readonly logger = new Logger('Events');
  private server: RealtimeServer | null = null;

  constructor(feed: CommitFeed) {
    feed.listen((committed) => this.publish(committed));
  }

  attach(server: RealtimeServer): void {
    this.server = server;
  }

  private publish(committed: Committed): void {
    const server = this.server;
    if (!server) return; // no socket server (e.g. a CLI run): the event log still has them for replay
    for (const { envelope, audience } of committed.events) {
      // Sockets still receiving their replay get it after the replay (live-order.ts).
      emitEvent(server.to(roomOf(audience)), envelope);
      const forWalls = wallRelay(envelope, audience);
      if (forWalls) emitEvent(server.to(forWalls.room), forWalls.envelope);
    }
    for (const { type, audience, payload } of committed.notes ?? []) emitNote(server.to(roomOf(audience)), type, payload);
    for (const { room, afterMs } of disconnectsFor(committed)) {
      const close = () => server.in(room).disconnectSockets(true);
      if (afterMs) setTimeout(close, afterMs).unref();
      else close();
    }
    this.logger.debug?.(`published ${committed.events.length} event(s)`);
  }
}
