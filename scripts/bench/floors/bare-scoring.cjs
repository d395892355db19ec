// Floor: the least a scoring can cost on this stack. A bare NestJS app on the api's adapter with a bare Socket.IO
// server on the same port (the api's room layout, no token check) and the run's database through the api's own
// driver (scoring-store.cjs: SQLite or PostgreSQL). `PUT /api/tasks/:id/score` makes as many database trips as
// the api's scoring of a submitted task (12: BEGIN, the task's read, nine writes and counts sent together,
// COMMIT), then emits `task.scored` to the assignee's room and `leaderboard.updated` to the company's, and
// answers. No guard, no validation, no ORM, no outbox, no live top 10 query: anything the api does beyond this
// is its own cost. The bytes it sends (response and both envelopes) are handed to it over IPC (`bytes`), copied
// from a real scoring of the api; the tasks it can score come in `tasks`.
'use strict';
require('reflect-metadata');
const { randomUUID } = require('node:crypto');
const { controllerRoute, loadFromApi, roomsServer, startFloor } = require('./floor-parts.cjs');
const { Module, Put } = loadFromApi('@nestjs/common');
const { NestFactory } = loadFromApi('@nestjs/core');
const { openStore } = require('./scoring-store.cjs');

// FLOOR_PG (a PostgreSQL URL) or FLOOR_DB (a SQLite file): the same database as the api's in the run.
const store = openStore(process.env);
let bytes = null;

let io = null;

class ScoringController {
  async score(req, res) {
    try {
      const { qualityScore, initiativeScore } = req.body ?? {};
      const task = await store.score(req.params.id, Number(qualityScore), Number(initiativeScore));
      const scored = { ...bytes.scored, id: randomUUID(), payload: { ...bytes.scored.payload, task: { ...bytes.scored.payload.task, _id: task.id } } };
      io.to(`user:${task.assigned_to_id}`).emit('task.scored', scored);
      io.to(`company:${task.company_id}`).emit('leaderboard.updated', { ...bytes.leaderboard, id: randomUUID() });
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(bytes.response);
    } catch (err) {
      res.status(err.status ?? 500).json({ message: err.message });
    }
  }
}
controllerRoute(ScoringController, 'score', Put('api/tasks/:id/score'));

class FloorModule {}
Reflect.decorate([Module({ controllers: [ScoringController] })], FloorModule);

async function main() {
  await store.setup();
  const app = await NestFactory.create(FloorModule, { logger: false });
  await app.init();
  io = roomsServer(app.getHttpServer());
  process.on('message', async (m) => {
    try {
      if (m?.type === 'tasks') {
        await store.addTasks(m.tasks);
      } else if (m?.type === 'bytes') {
        bytes = { response: Buffer.from(m.response, 'base64'), scored: m.scored, leaderboard: m.leaderboard };
      } else return;
      process.send({ id: m.id, type: 'done' });
    } catch (err) {
      process.send({ id: m.id, error: err.message });
    }
  });
  process.on('disconnect', () => process.exit(0)); // the bench went away
  await app.listen(Number(process.env.PORT), '127.0.0.1');
  process.send({ type: 'ready' });
}
startFloor(main);
