import { Logger } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import type { HandshakeAuth } from '@kpi/contracts';
import type { Socket } from 'socket.io';
import type { Actor, WallActor } from '../common/auth/actor';
import { SessionService } from '../common/auth/session.service';
import { WallSessionService } from '../common/auth/wall-session.service';
import { EventPublisher, type RealtimeServer } from '../events/event-publisher';
import { ReplayService } from './replay.service';
import { roomsFor, roomsForWall } from './rooms-for';

/**
 * Socket.IO on the api's own port. The handshake token is verified before the connection is accepted; the
 * server then places the socket in its rooms and replays what the client missed since its last sequence.
 * A wall display's token gets a wall socket instead: its two wall rooms, no replay (docs/wall-display.md).
 */
@WebSocketGateway({ perMessageDeflate: false, serveClient: false })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger('Realtime');

  constructor(
    private readonly sessions: SessionService,
    private readonly walls: WallSessionService,
    private readonly publisher: EventPublisher,
    private readonly replay: ReplayService,
  ) {}

  afterInit(server: RealtimeServer): void {
    this.publisher.attach(server);
    server.use((socket, next) => {
      const auth = (socket.handshake.auth ?? {}) as Partial<HandshakeAuth>;
      if (typeof auth.token !== 'string' || !auth.token) return next(new Error('Please sign in again'));
      // A wall display's token opens a wall socket; any other token must be a user's.
      const session = this.walls.isWallToken(auth.token)
        ? this.walls.displayFromToken(auth.token).then((wall) => void (socket.data.wall = wall))
        : this.sessions.actorFromToken(auth.token, { fresh: true }).then((actor) => void (socket.data.actor = actor));
      session.then(() => next()).catch(() => next(new Error('Please sign in again')));
    });
  }

  /**
   * Joins first, so nothing committed from now on is missed, but holds live events back while the replay is
   * read: they follow it, in order and without the ones the replay already carried.
   */
  async handleConnection(socket: Socket): Promise<void> {
    const wall = socket.data.wall as WallActor | undefined;
    if (wall) return this.connectWall(socket, wall);
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

  /**
   * A wall display joins only its wall rooms. Walls keep no sequence and get no replay: `resync` tells the
   * screen it is live and should refetch its board, so nothing committed before the join is missed.
   */
  private async connectWall(socket: Socket, wall: WallActor): Promise<void> {
    try {
      await socket.join(roomsForWall(wall));
      // Revoked between the handshake and the join: the revocation's disconnect missed this socket.
      if (await this.walls.isRevoked(wall.displayId)) return void socket.disconnect(true);
      socket.emit('resync', { seq: await this.replay.head(wall.companyId) });
    } catch (err) {
      this.logger.error(`wall connection failed: ${(err as Error).message}`);
      socket.disconnect(true);
    }
  }
}
