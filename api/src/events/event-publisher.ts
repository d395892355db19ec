import { Injectable, Logger } from '@nestjs/common';
import { roomOf, rooms, type ClientToServerEvents, type ServerToClientEvents } from '@kpi/contracts';
import type { Server } from 'socket.io';
import type { RecordedEvent } from './event-recorder';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;

/** The one place events leave the server: each committed event goes to the room of its audience. */
@Injectable()
export class EventPublisher {
  private readonly logger = new Logger('Events');
  private server: RealtimeServer | null = null;

  attach(server: RealtimeServer): void {
    this.server = server;
  }

  publish(events: RecordedEvent[]): void {
    const server = this.server;
    if (!server) return; // no socket server (e.g. a CLI run): the event log still has them for replay
    for (const { envelope, audience } of events) {
      const room = roomOf(audience);
      // The envelope type is a union keyed by `type`; the emit signature checks the pair at compile time.
      (server.to(room).emit as (type: string, env: unknown) => boolean)(envelope.type, envelope);
      if (envelope.type === 'session.revoked' && audience.kind === 'user') {
        // Give the message a moment to leave before the sockets close.
        setTimeout(() => server.in(rooms.user(audience.userId)).disconnectSockets(true), 50).unref();
      }
    }
    this.logger.debug?.(`published ${events.length} event(s)`);
  }
}
