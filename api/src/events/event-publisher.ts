import { Injectable, Logger } from '@nestjs/common';
import { roomOf, rooms, type AnyEnvelope, type ClientToServerEvents, type ServerToClientEvents } from '@kpi/contracts';
import type { Server } from 'socket.io';
import { ActorCache } from '../common/auth/actor-cache';
import type { RecordedEvent } from './event-recorder';
import { wallRelay } from './wall-relay';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;

/**
 * The one place events leave the server: each committed event goes to the room of its audience, and what wall
 * displays may see of it (events/wall-relay.ts) to the company's wall room.
 */
@Injectable()
export class EventPublisher {
  private readonly logger = new Logger('Events');
  private server: RealtimeServer | null = null;

  constructor(private readonly actors: ActorCache) {}

  attach(server: RealtimeServer): void {
    this.server = server;
  }

  publish(events: RecordedEvent[]): void {
    // Whoever a user was is re-read on their next request here; other instances follow within the cache's TTL.
    for (const { envelope, audience } of events) {
      if (envelope.type === 'session.revoked' && audience.kind === 'user') this.actors.forget(audience.userId);
    }
    const server = this.server;
    if (!server) return; // no socket server (e.g. a CLI run): the event log still has them for replay
    for (const { envelope, audience } of events) {
      // Sockets still receiving their replay get it after the replay (realtime/live-order.ts).
      // The envelope type is a union keyed by `type`; the emit signature checks the pair at compile time.
      (server.to(roomOf(audience)).emit as (type: string, env: unknown) => boolean)(envelope.type, envelope);
      const forWalls = wallRelay(envelope as AnyEnvelope, audience);
      if (forWalls) (server.to(forWalls.room).emit as (type: string, env: unknown) => boolean)(forWalls.envelope.type, forWalls.envelope);
      if (envelope.type === 'session.revoked' && audience.kind === 'user') {
        // Give the message a moment to leave before the sockets close.
        setTimeout(() => server.in(rooms.user(audience.userId)).disconnectSockets(true), 50).unref();
      }
    }
    this.logger.debug?.(`published ${events.length} event(s)`);
  }

  /** A revoked wall display: its sockets close at once (on every instance, through the adapter). */
  disconnectDisplay(displayId: string): void {
    this.server?.in(rooms.wallDisplay(displayId)).disconnectSockets(true);
  }

  /** A deleted company: its wall displays' sockets close, and their reconnect is refused. */
  disconnectWalls(companyId: string): void {
    this.server?.in(rooms.wall(companyId)).disconnectSockets(true);
  }
}
