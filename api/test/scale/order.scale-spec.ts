import { randomUUID } from 'node:crypto';
import { io } from 'socket.io-client';
import type { EventEnvelope } from '@kpi/contracts';
import { bearer, createTenant, superadminLogin, type Tenant } from '../utils/factories';
import type { TestApp } from '../utils/test-app';
import { startCluster, summary, visibleTo, type Cluster } from './cluster-fixture';
import { describeScale } from './scale-env';
import request from 'supertest';

/** Events already in the stream before the client connects: a replay long enough to take a while. */
const BACKLOG = 800;
const ROUNDS = 6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A client replays on node B while node A publishes live events of the same stream: a live event from A must never
 * reach the client before the replay has finished, nor twice. (Before the replay hold sat at the adapter, each
 * node held back only the events it published itself, and A's overtook B's replay.)
 */
describeScale('order across nodes: live events from node A never overtake a replay on node B', (env) => {
  let c: Cluster;
  let t: Tenant;

  beforeAll(async () => {
    c = await startCluster(env);
    const front = c.nginx.front;
    t = await createTenant(front, (await superadminLogin(front)).token, 1);
    // A long backlog, as if the executive had been away for a busy morning (live leaderboard updates to the whole
    // company: an event type replays carry as they are, unlike announcements, whose deleted ones replays drop).
    const em = c.orm.em.fork();
    const head = (await c.log(t.company._id)).at(-1)?.seq ?? 0;
    const at = new Date();
    const rows = Array.from({ length: BACKLOG }, (_, i) => ({ id: randomUUID(), seq: head + 1 + i }));
    await em.getConnection().execute(
      `insert into event_log (id, stream, seq, type, audience_kind, company_id, payload, at) values ${rows.map(() => `(?, ?, ?, 'leaderboard.updated', 'company', ?, ?, ?)`).join(', ')}`,
      rows.flatMap((r) => [r.id, t.company._id, r.seq, t.company._id, JSON.stringify({ top10: [], totalExecutives: 1, backlog: r.seq }), at]),
    );
    await em.getConnection().execute(`update stream_sequences set last_seq = ? where stream = ?`, [head + BACKLOG, t.company._id]);

    // The backlog was never published: to the nodes it is a hole in the stream before the next live event, which
    // they fill from the event log after a grace. Let that happen once before the measured rounds.
    const watcher = io(c.B.url, { transports: ['websocket'], forceNew: true, reconnection: false, auth: { token: t.executives[0].token, since: head + BACKLOG } });
    const live = new Promise((resolve) => watcher.on('announcement.created', resolve));
    await new Promise((resolve) => watcher.once('sync', resolve));
    await request(c.A.url).post('/api/announcements').set(bearer(t.admin.token)).send({ title: 'First live', content: 'After the backlog' }).expect(201);
    await live;
    watcher.close();
  }, 120_000);

  afterAll(async () => {
    await c?.close();
  });

  it('replay, then sync, then live: strictly in sequence order, each event once, whichever node published it', async () => {
    const exec = t.executives[0];
    const A = { http: request(c.A.url) } as unknown as TestApp;
    // Node A publishes steadily, one announcement at a time, for the whole test.
    let stop = false;
    const publishedAt: number[] = [];
    const statuses = new Set<number>();
    const lane = (async () => {
      for (let i = 0; !stop; i++) {
        const res = await A.http.post('/api/announcements').set(bearer(t.admin.token)).send({ title: `Live ${i}`, content: 'Published on A' });
        statuses.add(res.status);
        publishedAt.push(Date.now());
      }
    })();
    let overlapping = 0;
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const since = Math.max(0, (await c.log(t.company._id)).at(-1)!.seq - BACKLOG);
        const arrived: EventEnvelope[] = [];
        let syncAt = 0;
        let syncSeq = 0;
        const connectAt = Date.now();
        const socket = io(c.B.url, { transports: ['websocket'], forceNew: true, reconnection: false, auth: { token: exec.token, since } });
        socket.onAny((type: string, payload: { seq: number }) => {
          if (type === 'sync') [syncAt, syncSeq] = [Date.now(), payload.seq];
          else if (type !== 'resync') arrived.push(payload as unknown as EventEnvelope);
        });
        await new Promise<void>((resolve, reject) => {
          socket.once('sync', () => resolve());
          socket.once('resync', () => reject(new Error('resync instead of a replay')));
          socket.once('connect_error', reject);
        });
        await sleep(400); // live events keep coming after the sync
        socket.close();
        // Node A committed and published while this replay was being read on B.
        overlapping += publishedAt.filter((at) => at > connectAt && at < syncAt).length;

        const seqs = arrived.map((e) => e.seq);
        expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
        expect(new Set(arrived.map((e) => e.id)).size).toBe(arrived.length);
        // Exactly what the executive may see after `since`, with no gap up to the last one that arrived.
        const last = seqs.at(-1)!;
        expect(last).toBeGreaterThan(syncSeq);
        const expected = (await c.log(t.company._id)).filter((r) => r.seq > since && r.seq <= last && visibleTo(exec)(r));
        expect(arrived.map(summary)).toEqual(expected.map(summary));
      }
    } finally {
      stop = true;
      await lane;
    }
    expect([...statuses]).toEqual([201]);
    process.stdout.write(`\nORDER: ${ROUNDS} replays of ~${BACKLOG} events on B; ${overlapping} live events from A committed during those replays; none overtook\n`);
    // The race was real: A published while B was replaying.
    expect(overlapping).toBeGreaterThan(0);
  }, 120_000);
});
