import { EntityManager } from '@mikro-orm/sqlite';
import type { Task } from '@kpi/contracts';
import { bearer, createMember, createTenant, superadminLogin, type Member, type Tenant } from '../utils/factories';
import { recountAggregates, storedAggregates } from '../utils/score-aggregates-suite';
import type { TestApp } from '../utils/test-app';
import { createScratchDatabase, describeScale, startInstance, type ScratchDatabase } from './scale-env';

/**
 * Writes that read before they write hold the row scoring locks (docs/aggregates.md, "Locks"). On PostgreSQL
 * (READ COMMITTED) a task deleted while it is being scored, or a person deleted while one of their tasks is,
 * would read the figures from before the scoring and take the wrong ones out of the aggregates. Here both
 * races run many times, each pair of requests sent at once, and the aggregates must equal a recount after.
 */
const ROUNDS = 25;

const count = (outcomes: Map<string, number>, labels: string[], answers: { status: number }[]) =>
  answers.forEach((res, i) => outcomes.set(`${labels[i]} ${res.status}`, (outcomes.get(`${labels[i]} ${res.status}`) ?? 0) + 1));

describeScale('row locks: deletes racing scorings on PostgreSQL', (env) => {
  let t: TestApp;
  let db: ScratchDatabase;
  let tenant: Tenant;
  const em = () => t.app.get(EntityManager).fork();

  beforeAll(async () => {
    db = await createScratchDatabase(env);
    t = await startInstance(db, env);
    const root = (await superadminLogin(t)).token;
    tenant = await createTenant(t, root, 2);
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  const admin = () => bearer(tenant.admin.token);

  async function submitted(exec: Member): Promise<Task> {
    const created = await t.http
      .post('/api/tasks')
      .set(admin())
      .send({ title: 'Raced', description: 'Race', assignedTo: exec.user._id, deadline: new Date(Date.now() + 86_400_000).toISOString(), reportLink: 'https://reports.example.com/r' });
    expect(created.status).toBe(201);
    await t.http.put(`/api/tasks/${created.body._id}/submit`).set(bearer(exec.token)).send({ content: 'Done' }).expect(200);
    return created.body;
  }
  const score = (taskId: string, quality: number) => t.http.put(`/api/tasks/${taskId}/score`).set(admin()).send({ qualityScore: quality, initiativeScore: 7, feedback: 'Raced.' });

  it('a task deleted while it is scored (first scoring and re-scoring) leaves the aggregates equal to a recount', async () => {
    const outcomes = new Map<string, number>();
    for (let round = 0; round < ROUNDS; round++) {
      const exec = tenant.executives[round % tenant.executives.length];
      const fresh = await submitted(exec);
      const rescored = await submitted(exec);
      expect((await score(rescored._id, 5)).status).toBe(200);
      // Both pairs at once: a first scoring and a re-scoring, each racing the task's deletion.
      const answers = await Promise.all([
        score(fresh._id, 8),
        t.http.delete(`/api/tasks/${fresh._id}`).set(admin()),
        score(rescored._id, 9),
        t.http.delete(`/api/tasks/${rescored._id}`).set(admin()),
      ]);
      count(outcomes, ['score', 'delete', 'score', 'delete'], answers);
      // A scoring finds the task or answers 404 once it is gone; the delete always succeeds.
      expect([200, 404]).toContain(answers[0].status);
      expect(answers[1].status).toBe(200);
      expect([200, 404]).toContain(answers[2].status);
      expect(answers[3].status).toBe(200);
    }
    process.stdout.write(`\nROW LOCKS (tasks): ${ROUNDS} rounds; answers ${JSON.stringify(Object.fromEntries(outcomes))}\n`);
    expect(await storedAggregates(em())).toEqual(await recountAggregates(em()));
  });

  it('a person deleted while their tasks are scored leaves the aggregates equal to a recount', async () => {
    const outcomes = new Map<string, number>();
    for (let round = 0; round < ROUNDS; round++) {
      const exec = await createMember(t, tenant.admin.token, 'executive', tenant.company._id);
      const tasks = [await submitted(exec), await submitted(exec), await submitted(exec)];
      expect((await score(tasks[0]._id, 4)).status).toBe(200);
      const answers = await Promise.all([
        score(tasks[0]._id, 9),
        score(tasks[1]._id, 6),
        t.http.delete(`/api/users/${exec.user._id}`).set(admin()),
        score(tasks[2]._id, 7),
      ]);
      count(outcomes, ['score', 'score', 'delete', 'score'], answers);
      expect(answers[2].status).toBe(200);
      for (const res of [answers[0], answers[1], answers[3]]) expect([200, 404]).toContain(res.status);
    }
    process.stdout.write(`\nROW LOCKS (people): ${ROUNDS} rounds; answers ${JSON.stringify(Object.fromEntries(outcomes))}\n`);
    expect(await storedAggregates(em())).toEqual(await recountAggregates(em()));
  });
});
