import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import type { EventPayloads } from '@kpi/contracts';
import { EventLog, StreamSequence } from '../../src/events/event-log.entity';
import { bearer, type Tenant, startTwoCompanies } from '../utils/factories';
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
