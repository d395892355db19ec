import { Logger } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import type { HandshakeAuth } from '@kpi/contracts';
import type { Socket } from 'socket.io';
import type { Actor } from '../common/auth/actor';
import { SessionService } from '../common/auth/session.service';
import { EventPublisher, type RealtimeServer } from '../events/event-publisher';
import { ReplayService } from './replay.service';
import { roomsFor } from './rooms-for';

/**
 * Socket.IO on the api's own port. The handshake token is verified before the connection is accepted; the
 * server then places the socket in its rooms and replays what the client missed since its last sequence.
 */
@WebSocketGateway({ perMessageDeflate: false, serveClient: false })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger('Realtime');

  constructor(
    private readonly sessions: SessionService,
    private readonly publisher: EventPublisher,
    private readonly replay: ReplayService,
  ) {}

  afterInit(server: RealtimeServer): void {
    this.publisher.attach(server);
    server.use((socket, next) => {
      const auth = (socket.handshake.auth ?? {}) as Partial<HandshakeAuth>;
      if (typeof auth.token !== 'string' || !auth.token) return next(new Error('Please sign in again'));
      this.sessions
        .actorFromToken(auth.token)
        .then((actor) => {
          socket.data.actor = actor;
          next();
        })
        .catch(() => next(new Error('Please sign in again')));
    });
  }

  /**
   * Joins first, so nothing committed from now on is missed, but holds live events back while the replay is
   * read: they follow it, in order and without the ones the replay already carried.
   */
  async handleConnection(socket: Socket): Promise<void> {
    const actor = socket.data.actor as Actor | undefined;
    if (!actor) return void socket.disconnect(true);
    const rooms = roomsFor(actor);
    this.publisher.hold(socket.id, rooms);
    const sent = new Set<string>();
    try {
      await socket.join(rooms);
      const since = Number((socket.handshake.auth as Partial<HandshakeAuth>).since);
      const result = await this.replay.missedBy(actor, Number.isInteger(since) ? since : undefined);
      if (result.kind === 'resync') {
        socket.emit('resync', { seq: result.seq });
      } else {
        for (const envelope of result.events) {
          socket.emit(envelope.type, envelope);
          sent.add(envelope.id);
        }
        socket.emit('sync', { seq: result.seq });
      }
    } catch (err) {
      this.logger.error(`replay failed: ${(err as Error).message}`);
      socket.emit('resync', { seq: 0 });
    } finally {
      for (const envelope of this.publisher.release(socket.id)) {
        if (!sent.has(envelope.id)) socket.emit(envelope.type, envelope);
      }
    }
  }
}
