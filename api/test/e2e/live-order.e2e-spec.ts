import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import type { EventEnvelope, EventPayloads } from '@kpi/contracts';
import { io } from 'socket.io-client';
import { EventLog, StreamSequence } from '../../src/events/event-log.entity';
import { bearer, type Member, type Tenant, startTwoCompanies } from '../utils/factories';
import { connectSocket, type TestApp, type TestSocket } from '../utils/test-app';

/**
 * An event committed but never published (its node died between the two) must not be lost for sockets that stay
 * connected, nor reach them after later events: the next event of the stream waits for it, and after a grace the
 * server reads it from the event log and delivers both, in order (api/src/realtime/live-order.ts).
 */
describe('live order: an event committed but never published', () => {
  let t: TestApp;
  let a: Tenant;
  const open: TestSocket[] = [];

  beforeAll(async () => ({ t, a } = await startTwoCompanies()));
  afterAll(async () => {
    open.forEach((s) => s.close());
    await t.close();
  });

  it('is delivered from the event log before the next one, to a socket that stayed connected', async () => {
    const exec = await connectSocket(t, a.executives[0].token);
    open.push(exec);
    // The company's stream must have been seen live once by the server, as on a node that has been running.
    await t.http.post('/api/announcements').set(bearer(a.admin.token)).send({ title: 'Before', content: 'Seen live' }).expect(201);
    await exec.waitFor('announcement.created', 5000, (e) => (e.payload as EventPayloads['announcement.created']).announcement.title === 'Before');

    // A write whose node died after its commit: in the event log, never published.
    const em = t.app.get(MikroORM).em.fork();
    const sequence = await em.findOneOrFail(StreamSequence, { stream: a.company._id });
    const lost = em.create(EventLog, {
      id: randomUUID(),
      stream: a.company._id,
      seq: sequence.lastSeq + 1,
      type: 'announcement.created',
      audienceKind: 'company',
      companyId: a.company._id,
      payload: { announcement: { _id: randomUUID(), title: 'Committed, never published' } },
      at: new Date(),
    });
    sequence.lastSeq += 1;
    await em.flush();

    await t.http.post('/api/announcements').set(bearer(a.admin.token)).send({ title: 'After', content: 'Published' }).expect(201);
    const after = await exec.waitFor('announcement.created', 8000, (e) => (e.payload as EventPayloads['announcement.created']).announcement.title === 'After');
    const titles = exec.events.filter((e) => e.type === 'announcement.created').map((e) => [e.seq, (e.payload as EventPayloads['announcement.created']).announcement.title]);
    expect(titles.slice(-2)).toEqual([
      [lost.seq, 'Committed, never published'],
      [after.seq, 'After'],
    ]);
    expect(after.seq).toBe(lost.seq + 1);
  });
});

/** Events already in the stream before the client connects: a replay long enough to take a while. */
const BACKLOG = 400;
const ROUNDS = 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A socket whose replay is read while the same stream's events are published live must get the replay, then the
 * live events, each once and with no seq missing: the live ones wait in its hold while the replay is read, and
 * those the replay carried are not sent again (api/src/realtime/live-order.ts).
 */
describe('live order: a replay while events are published', () => {
  let t: TestApp;
  let a: Tenant;

  beforeAll(async () => {
    ({ t, a } = await startTwoCompanies());
    // A backlog never published, as if written while every socket was away (leaderboard updates, which replays
    // carry as they are). The node fills it from the log after a grace, once, when the next live event shows the gap.
    const em = t.app.get(MikroORM).em.fork();
    const sequence = await em.findOneOrFail(StreamSequence, { stream: a.company._id });
    const at = new Date();
    for (let i = 1; i <= BACKLOG; i++) {
      const seq = sequence.lastSeq + i;
      em.create(EventLog, { id: randomUUID(), stream: a.company._id, seq, type: 'leaderboard.updated', audienceKind: 'company', companyId: a.company._id, payload: { top10: [], totalExecutives: 1, backlog: seq }, at });
    }
    sequence.lastSeq += BACKLOG;
    await em.flush();
    const watcher = await connectSocket(t, a.executives[0].token, sequence.lastSeq);
    await t.http.post('/api/announcements').set(bearer(a.admin.token)).send({ title: 'First live', content: 'After the backlog' }).expect(201);
    await watcher.waitFor('announcement.created', 8000);
    watcher.close();
  });
  afterAll(async () => {
    await t.close();
  });

  const log = (member: Member, after: number, through: number) =>
    t.app
      .get(MikroORM)
      .em.fork()
      .find(EventLog, { stream: a.company._id, seq: { $gt: after, $lte: through } }, { orderBy: { seq: 'asc' } })
      .then((rows) => rows.filter((r) => r.audienceKind === 'company' || (r.audienceKind === 'user' && r.audienceUserId === member.user._id)));
  const summary = (e: { seq: number; id: string; type: string }) => `${e.seq} ${e.type} ${e.id}`;

  it('gets the replay, then the live events: in sequence order, each once, none missing', async () => {
    const exec = a.executives[0];
    let stop = false;
    const statuses = new Set<number>();
    const lane = (async () => {
      for (let i = 0; !stop; i++) {
        const res = await t.http.post('/api/announcements').set(bearer(a.admin.token)).send({ title: `Live ${i}`, content: 'Published meanwhile' });
        statuses.add(res.status);
      }
    })();
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const head = (await t.app.get(MikroORM).em.fork().findOneOrFail(StreamSequence, { stream: a.company._id })).lastSeq;
        const since = head - BACKLOG;
        const arrived: EventEnvelope[] = [];
        let syncSeq = 0;
        const socket = io(t.url, { transports: ['websocket'], forceNew: true, reconnection: false, auth: { token: exec.token, since } });
        socket.onAny((type: string, payload: { seq: number }) => {
          if (type === 'sync') syncSeq = payload.seq;
          else if (type !== 'resync') arrived.push(payload as unknown as EventEnvelope);
        });
        await new Promise<void>((resolve, reject) => {
          socket.once('sync', () => resolve());
          socket.once('resync', () => reject(new Error('resync instead of a replay')));
          socket.once('connect_error', reject);
        });
        // Live events keep coming after the sync: wait for one past it.
        while (!arrived.some((e) => e.seq > syncSeq)) await sleep(20);
        socket.close();

        const seqs = arrived.map((e) => e.seq);
        expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
        expect(new Set(seqs).size).toBe(seqs.length);
        expect(arrived.map(summary)).toEqual((await log(exec, since, seqs.at(-1)!)).map(summary));
      }
    } finally {
      stop = true;
      await lane;
    }
    expect([...statuses]).toEqual([201]);
  });
});
