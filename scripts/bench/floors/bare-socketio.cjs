// Floor: a bare Socket.IO server (same package and version as the api, websocket transport, no
// per-message deflate) with the api's room layout: each socket joins `user:<id>` and `company:<id>` from its
// handshake, then receives `sync`, as the api's sockets do. No token check, no database. The bench publishes
// through IPC (`publish`: an event with given bytes to a room); the preloaded probe records the publish time.
'use strict';
const http = require('node:http');
const { roomsServer } = require('./floor-parts.cjs');

const server = http.createServer((req, res) => {
  res.statusCode = req.url === '/health' ? 200 : 404;
  res.end('{}');
});
const io = roomsServer(server);
process.on('message', (m) => {
  if (m?.type !== 'publish') return;
  io.to(m.room).emit(m.event, m.payload);
  process.send({ id: m.id, type: 'published-ack' });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send({ type: 'ready' }));
