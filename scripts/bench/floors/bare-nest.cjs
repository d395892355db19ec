// Floor: a bare NestJS app on the same adapter as the api (@nestjs/platform-express), no guards, no ORM, no
// helmet, no global prefix logic. It answers GET <path> with bytes handed to it over IPC (`serve`), so the
// app and the floor send exactly the same response body. Started by the bench with PORT set.
'use strict';
require('reflect-metadata');
const { controllerRoute, loadFromApi, startFloor } = require('./floor-parts.cjs');
const { Get, Module } = loadFromApi('@nestjs/common');
const { NestFactory } = loadFromApi('@nestjs/core');

const bodies = new Map();

class BytesController {
  answer(req, res) {
    const found = bodies.get(req.originalUrl);
    if (!found) return res.status(404).json({ message: 'not served' });
    res.setHeader('content-type', found.contentType);
    res.end(found.body);
  }
}
controllerRoute(BytesController, 'answer', Get('*path'));

class FloorModule {}
Reflect.decorate([Module({ controllers: [BytesController] })], FloorModule);

async function main() {
  const app = await NestFactory.create(FloorModule, { logger: false });
  process.on('message', (m) => {
    if (m?.type !== 'serve') return;
    bodies.set(m.path, { body: Buffer.from(m.body, 'base64'), contentType: m.contentType });
    process.send({ id: m.id, type: 'served' });
  });
  process.on('disconnect', () => process.exit(0)); // the bench went away
  await app.listen(Number(process.env.PORT), '127.0.0.1');
  process.send({ type: 'ready' });
}
startFloor(main);
