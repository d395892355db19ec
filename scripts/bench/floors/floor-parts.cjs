// What the floors share: the api's own copies of the libraries they compare against, a Nest route that hands
// the handler Express's request and response, the api's room layout on a Socket.IO server, and start-up.
'use strict';
const { dirname, join } = require('node:path');

const apiDir = join(__dirname, '..', '..', '..', 'api');

/** `name` as the api resolves it, or, given `within`, as that package of the api does (for a copy nested under it). */
function loadFromApi(name, within) {
  const from = within ? dirname(require.resolve(within, { paths: [apiDir] })) : apiDir;
  return require(require.resolve(name, { paths: [from] }));
}

/**
 * Makes `Class` a Nest controller whose `method` answers `route` (a decorator such as `Get('*path')`) and takes
 * Express's request and response.
 */
function controllerRoute(Class, method, route) {
  const { Controller, Req, Res } = loadFromApi('@nestjs/common');
  Reflect.decorate([route], Class.prototype, method, Object.getOwnPropertyDescriptor(Class.prototype, method));
  Req()(Class.prototype, method, 0);
  Res()(Class.prototype, method, 1);
  Reflect.decorate([Controller()], Class);
}

/** A Socket.IO server on `httpServer` with the api's options and rooms: `user:<id>` and `company:<id>`, then `sync`. */
function roomsServer(httpServer) {
  // The very copy of socket.io the api's Nest adapter loads (it may nest its own under @nestjs/platform-socket.io).
  const { Server } = loadFromApi('socket.io', '@nestjs/platform-socket.io');
  const io = new Server(httpServer, { perMessageDeflate: false, transports: ['websocket', 'polling'] });
  io.on('connection', async (socket) => {
    const { userId, companyId } = socket.handshake.auth ?? {};
    await socket.join([`user:${userId}`, `company:${companyId}`]);
    socket.emit('sync', { seq: 0 });
  });
  return io;
}

/** Runs a floor's start-up; a failure ends the process with the error on stderr. */
function startFloor(main) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

module.exports = { controllerRoute, loadFromApi, roomsServer, startFloor };
