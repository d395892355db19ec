import type { Task, Top10Response } from '@kpi/contracts';
import { bearer, createMember, createTenant, superadminLogin, type Tenant } from '../utils/factories';
import type { TestApp } from '../utils/test-app';
import { createScratchDatabase, describeScale, startInstance, type ScratchDatabase } from './scale-env';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString();
const ROUNDS = 20;
/** The web refetches 300 ms after a live event: by then every node must answer the new state. */
const REFETCH_MS = 300;
/** A revoked or moved person's token must stop working on every node within this. */
const REVOKE_MS = 100;

/**
 * Every node current (docs/caching.md): two instances on one PostgreSQL and one Redis. Each keeps answers for up to a
 * second; a write through A drops them on B through the Redis relay, so B never answers what A has changed. Each
 * round first reads through B (so B holds the old answer), then writes through A, then reads through B again.
 */
describeScale('cached answers follow writes on every node', (env) => {
  let db: ScratchDatabase;
  let A: TestApp;
  let B: TestApp;
  let root: string;
  let x: Tenant;

  beforeAll(async () => {
    db = await createScratchDatabase(env);
    A = await startInstance(db, env);
    B = await startInstance(db, env);
    root = (await superadminLogin(A)).token;
    x = await createTenant(A, root, 2);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([A?.close(), B?.close()]);
    await db?.drop();
  });

  it(`after a score through A, B's task page and top 10 show it ${REFETCH_MS} ms later, every round`, async () => {
    const stale: string[] = [];
    const exec = x.executives[0];
    const top10 = async () => (await B.http.get(`/api/leaderboard/top10/${x.company._id}`).set(bearer(exec.token)).expect(200)).body as Top10Response;
    const taskOnB = async (id: string) => ((await B.http.get('/api/tasks?limit=50').set(bearer(x.admin.token)).expect(200)).body as Task[]).find((t) => t._id === id);
    for (let round = 0; round < ROUNDS; round++) {
      const created = await A.http
        .post('/api/tasks')
        .set(bearer(x.admin.token))
        .send({ title: `Round ${round}`, description: 'Work', assignedTo: exec.user._id, deadline: inDays(2), reportLink: 'https://reports.example.com/r' })
        .expect(201);
      const id = (created.body as Task)._id;
      await A.http.put(`/api/tasks/${id}/submit`).set(bearer(exec.token)).send({ content: 'Done' }).expect(200);
      // B holds the answers from before the score.
      const before = await top10();
      expect((await taskOnB(id))?.status).toBe('submitted');
      await A.http.put(`/api/tasks/${id}/score`).set(bearer(x.admin.token)).send({ qualityScore: 9, initiativeScore: 8, feedback: 'Good.' }).expect(200);
      await sleep(REFETCH_MS);
      const task = await taskOnB(id);
      const after = await top10();
      const mine = (board: Top10Response) => board.top10.find((e) => e.user._id === exec.user._id)?.tasksCompleted ?? 0;
      if (task?.status !== 'completed') stale.push(`round ${round}: /tasks on B still says ${task?.status}`);
      if (mine(after) !== mine(before) + 1) stale.push(`round ${round}: top 10 on B still counts ${mine(after)} tasks`);
    }
    console.log(`cross-node stale reads at ${REFETCH_MS} ms: ${stale.length} of ${ROUNDS * 2}`);
    expect(stale).toEqual([]);
  }, 180_000);

  it(`a deactivated person's token is refused on B within ${REVOKE_MS} ms of the change through A`, async () => {
    const refusedAfter: number[] = [];
    for (let round = 0; round < 5; round++) {
      const person = await createMember(A, x.admin.token, 'executive', x.company._id);
      // B trusts the token now: its actor cache holds the person.
      await B.http.get('/api/auth/verify').set(bearer(person.token)).expect(200);
      await A.http.put(`/api/users/${person.user._id}`).set(bearer(x.admin.token)).send({ isActive: false }).expect(200);
      const changed = Date.now();
      await sleep(REVOKE_MS);
      const res = await B.http.get('/api/tasks/summary').set(bearer(person.token));
      refusedAfter.push(Date.now() - changed);
      expect(res.status).toBe(401);
    }
    console.log(`revoked tokens refused on B, checked ${refusedAfter.join(', ')} ms after the change on A`);
  }, 120_000);

  it(`an admin moved to another company through A reads only the new company's tasks on B within ${REVOKE_MS} ms`, async () => {
    const y = await createTenant(A, root, 1);
    const mover = await createMember(A, root, 'admin', x.company._id);
    await B.http.get('/api/tasks?limit=5').set(bearer(mover.token)).expect(200);
    await A.http.put(`/api/users/${mover.user._id}`).set(bearer(root)).send({ company: y.company._id }).expect(200);
    await sleep(REVOKE_MS);
    // The move revokes the old token: on B it no longer reads anything.
    expect((await B.http.get('/api/tasks?limit=5').set(bearer(mover.token))).status).toBe(401);
  }, 120_000);
});
