import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { io, type Socket as ClientSocket } from 'socket.io-client';
import type { RealtimeServer } from '../../src/realtime/emit';

/**
 * A real Socket.IO server whose clients say who they are and which rooms to join (`auth: { name, rooms }`), for the
 * specs of what the realtime layer sends: no gateway, tokens or database in the way.
 */
export interface RoomsServer {
  server: RealtimeServer;
  /** The server side of each connected client, by the name the client gave. */
  sockets: Map<string, Socket>;
  /** A client in `rooms`, once the server has taken it in; `listen` is attached before it connects. */
  connect(name: string, rooms: string[], listen: (client: ClientSocket) => void): Promise<ClientSocket>;
  /** Resolves once every client got a marker sent now, so whatever the server wrote before it has arrived. */
  settled(): Promise<void>;
  /** Closes the clients connected so far. */
  closeClients(): void;
  close(): Promise<void>;
}

export async function startRoomsServer(): Promise<RoomsServer> {
  const http = createServer();
  const server = new Server(http) as RealtimeServer;
  const sockets = new Map<string, Socket>();
  const clients: ClientSocket[] = [];
  server.on('connection', (socket) => {
    const { name, rooms } = socket.handshake.auth as { name: string; rooms: string[] };
    void socket.join(rooms);
    sockets.set(name, socket);
    socket.emit('sync', { seq: 0 });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    server,
    sockets,
    async connect(name, rooms, listen) {
      const client = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, auth: { name, rooms }, autoConnect: false });
      clients.push(client);
      listen(client);
      const synced = new Promise((resolve) => client.once('sync', resolve));
      client.connect();
      await synced;
      return client;
    },
    async settled() {
      const marks = clients.filter((c) => c.connected).map((c) => new Promise((resolve) => c.once('marker', resolve)));
      for (const socket of sockets.values()) if (socket.connected) socket.emit('marker');
      await Promise.all(marks);
    },
    closeClients() {
      clients.splice(0).forEach((c) => c.close());
      sockets.clear();
    },
    async close() {
      clients.splice(0).forEach((c) => c.close());
      await server.close();
    },
  };
}
