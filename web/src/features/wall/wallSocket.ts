import { io, type Socket } from 'socket.io-client';
import { paceReconnects, RECONNECT_BACKOFF, WALL_EVENT_TYPES, type AnyEnvelope, type HandshakeAuth } from '@kpi/contracts';
import { reconnectDelay } from './rules';

export interface WallSocketListener {
  /** The server placed the socket in its rooms: refetch the board (walls get no replay). */
  live(): void;
  /** Disconnected, or the connection could not be made: the board is stale until `live`. */
  lost(): void;
  /** The server closed or refused the socket: true when the display is still paired and it should retry. */
  refused(): Promise<boolean>;
  event(envelope: AnyEnvelope): void;
}

const isEnvelope = (type: string, value: unknown): value is AnyEnvelope =>
  typeof value === 'object' && value !== null && (value as { type?: unknown }).type === type && typeof (value as { id?: unknown }).id === 'string';

/**
 * The wall's own realtime connection (same origin, /socket.io), with its display token. Network drops are
 * retried by socket.io with backoff (contracts' RECONNECT_BACKOFF); when the server itself closes or refuses the
 * socket (revoked, restarted with another secret), the listener checks the display first and a retry follows with
 * our own backoff.
 * Returns the function that closes it.
 */
export function openWallSocket(token: string, listener: WallSocketListener): () => void {
  let closed = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const socket: Socket = io({
    auth: { token } satisfies HandshakeAuth,
    transports: ['websocket'],
    // The same reconnection as the app's screens: back within seconds of a restart, patient in a long outage.
    ...RECONNECT_BACKOFF,
  });
  paceReconnects(socket.io);

  const checkThenRetry = async () => {
    const stillPaired = await listener.refused();
    if (!stillPaired || closed) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      if (!closed && !socket.connected) socket.connect();
    }, reconnectDelay(attempt++));
  };

  socket.on('resync', () => {
    attempt = 0;
    listener.live();
  });
  for (const type of WALL_EVENT_TYPES) {
    socket.on(type, (envelope: unknown) => {
      if (isEnvelope(type, envelope)) listener.event(envelope);
    });
  }
  socket.on('disconnect', (reason) => {
    if (closed) return;
    listener.lost();
    // socket.io retries by itself after a network drop, not after the server closed the socket on purpose.
    if (reason === 'io server disconnect') void checkThenRetry();
  });
  socket.on('connect_error', () => {
    if (closed) return;
    listener.lost();
    // A refused handshake is not retried by socket.io (`active` false); a network error is.
    if (!socket.active) void checkThenRetry();
  });

  return () => {
    closed = true;
    clearTimeout(retryTimer);
    socket.removeAllListeners();
    socket.disconnect();
  };
}
