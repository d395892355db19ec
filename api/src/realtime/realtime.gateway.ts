import { Logger } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import type { HandshakeAuth } from '@kpi/contracts';
import type { Socket } from 'socket.io';
import type { Actor, WallActor } from '../common/auth/actor';
import { SessionService } from '../common/auth/session.service';
import { WallSessionService } from '../modules/walls/wall-session.service';
import { emitControl, emitEvent, type RealtimeServer } from './emit';
import { EventPublisher } from './event-publisher';
import { LiveOrder } from './live-order';
import { ReplaySender } from './replay-sender';
import { ReplayService } from './replay.service';
import { roomsFor, roomsForWall, streamFor } from './rooms-for';
import { SocketSessions } from './socket-sessions';
import { SocketAdmission } from './socket-admission';
import { createLimiter } from './concurrency';

/** The largest message a client may send (they send none today): socket.io's default is 1 MB. */
const MAX_CLIENT_MESSAGE_BYTES = 64 * 1024;

const TOO_MANY = 'Too many connections, please wait a minute';

/**
 * Handshakes admitted at once per node (the token, the fresh session read, the rate limits). In a reconnect storm
 * the others wait their turn in arrival order instead of all interleaving their steps with the node's REST calls:
 * a request then waits behind a few dozen handshakes' steps, not thousands, and the first sockets to arrive are
 * the first synced instead of all finishing late (docs/scale-out.md, "Reconnect storm").
 */
export const HANDSHAKE_CONCURRENCY = 32;

/** Who a socket is, set once its handshake token is verified (Socket.IO types `socket.data` as any). */
interface SocketIdentity {
  actor?: Actor;
  wall?: WallActor;
}
const identityOf = (socket: Socket) => socket.data as SocketIdentity;

/**
 * Socket.IO on the api's own port. The handshake token is verified before the connection is accepted; the
 * server then places the socket in its rooms and replays what the client missed since its last sequence.
 * A wall display's token gets a wall socket instead: its two wall rooms, no replay (docs/wall-display.md).
 */
@WebSocketGateway({ perMessageDeflate: false, serveClient: false, maxHttpBufferSize: MAX_CLIENT_MESSAGE_BYTES })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger('Realtime');
  private readonly handshakes = createLimiter(HANDSHAKE_CONCURRENCY);
  private replays: ReplaySender | null = null;

  constructor(
    private readonly sessions: SessionService,
    private readonly walls: WallSessionService,
    private readonly publisher: EventPublisher,
    private readonly replay: ReplayService,
    private readonly liveOrder: LiveOrder,
    private readonly socketSessions: SocketSessions,
    private readonly limits: SocketAdmission,
  ) {}

  afterInit(server: RealtimeServer): void {
    this.publisher.attach(server);
    this.liveOrder.attach(server);
    this.replays = new ReplaySender((socketIds) => server.local.to(socketIds));
    server.use((socket, next) => void this.handshakes(() => this.admit(socket)).then(next, () => next(new Error('Please sign in again'))));
  }

  /**
   * Who the handshake's token says (a user or a wall display), or the reason it is refused. Only refusals count
   * against the address (socket-admission.ts).
   */
  private async admit(socket: Socket): Promise<Error | undefined> {
    if (await this.limits.addressBlocked(socket)) return new Error(TOO_MANY);
    const auth = (socket.handshake.auth ?? {}) as Partial<HandshakeAuth>;
    const identity = identityOf(socket);
    try {
      if (typeof auth.token !== 'string' || !auth.token) throw new Error('no token');
      // A wall display's token opens a wall socket; any other token must be a user's.
      if (this.walls.isWallToken(auth.token)) identity.wall = await this.walls.displayFromToken(auth.token);
      else identity.actor = await this.sessions.actorFromToken(auth.token, { fresh: true });
    } catch {
      await this.limits.refused(socket);
      return new Error('Please sign in again');
    }
    const id = identity.actor ? `user:${identity.actor.userId}` : `wall:${identity.wall?.displayId}`;
    return (await this.limits.admitsIdentity(id)) ? undefined : new Error(TOO_MANY);
  }

  /**
   * Joins first, so nothing committed from now on is missed, but holds live events back (from every node) while
   * the replay is read: they follow it, in order and without the ones the replay already carried (live-order.ts).
   */
  async handleConnection(socket: Socket): Promise<void> {
    const { wall, actor } = identityOf(socket);
    if (wall) return this.connectWall(socket, wall);
    if (!actor) return void socket.disconnect(true);
    const token = (socket.handshake.auth as Partial<HandshakeAuth>).token as string;
    this.socketSessions.closeAtExpiry(socket, token);
    this.liveOrder.hold(socket);
    let head = 0;
    try {
      await socket.join(roomsFor(actor));
      // Revoked while the handshake ran: that revocation's disconnect came before the join and missed this socket.
      if (!(await this.socketSessions.stillCurrent(actor, token))) return void socket.disconnect(true);
      const auth = socket.handshake.auth as Partial<HandshakeAuth>;
      const since = Number(auth.since);
      const result = await this.limits.missedBy(actor, Number.isInteger(since) ? since : undefined);
      head = result.seq;
      if (result.kind === 'resync') {
        emitControl(socket, 'resync', { seq: result.seq });
      } else {
        await this.replays!.send(socket, result.events, result.seq, auth.replay === 'batch' ? 'batch' : 'each');
      }
    } catch (err) {
      this.logger.error(`replay failed: ${(err as Error).message}`);
      emitControl(socket, 'resync', { seq: 0 });
    } finally {
      for (const envelope of this.liveOrder.release(socket, streamFor(actor), head)) emitEvent(socket, envelope);
    }
  }

  /**
   * A wall display joins only its wall rooms. Walls keep no sequence and get no replay: `resync` tells the
   * screen it is live and should refetch its board, so nothing committed before the join is missed.
   */
  private async connectWall(socket: Socket, wall: WallActor): Promise<void> {
    this.socketSessions.closeAtExpiry(socket, (socket.handshake.auth as Partial<HandshakeAuth>).token as string);
    try {
      await socket.join(roomsForWall(wall));
      // Revoked between the handshake and the join: the revocation's disconnect missed this socket.
      if (await this.walls.isRevoked(wall.displayId)) return void socket.disconnect(true);
      emitControl(socket, 'resync', { seq: await this.replay.head(wall.companyId) });
    } catch (err) {
      this.logger.error(`wall connection failed: ${(err as Error).message}`);
      socket.disconnect(true);
    }
  }
}
