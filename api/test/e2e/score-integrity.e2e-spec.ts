import { MikroORM } from '@mikro-orm/sqlite';
import type { NotificationList, ScoreHistoryEntry, Task } from '@kpi/contracts';
import { ScoreHistory } from '../../src/modules/tasks/score-history.entity';
import { bearer, createTenant, superadminLogin, type Tenant } from '../utils/factories';
import { startTestApp, type TestApp } from '../utils/test-app';

describe('score history: idempotent scorings and a tamper-evident chain', () => {
  let t: TestApp;
  let root: string;
  let a: Tenant;
  let b: Tenant;
  const good = { qualityScore: 8, initiativeScore: 6, feedback: 'Thorough and clear.' };

  beforeAll(async () => {
    t = await startTestApp();
    root = (await superadminLogin(t)).token;
    a = await createTenant(t, root, 1);
    b = await createTenant(t, root, 1);
  });
  afterAll(() => t.close());

  let titles = 0;
  async function submitted(tenant: Tenant): Promise<Task> {
    const exec = tenant.executives[0];
    const title = `Pipeline review ${++titles}`;
    const created = await t.http
      .post('/api/tasks')
      .set(bearer(tenant.admin.token))
      .send({ title, description: 'Update the forecast.', assignedTo: exec.user._id, deadline: new Date(Date.now() + 864e5).toISOString(), reportLink: 'https://r.example.com/x' })
      .expect(201);
    await t.http.put(`/api/tasks/${created.body._id}/submit`).set(bearer(exec.token)).send({ content: 'Done.' }).expect(200);
    return created.body;
  }
  const score = (tenant: Tenant, taskId: string, key?: string, body: object = good) => {
    const req = t.http.put(`/api/tasks/${taskId}/score`).set(bearer(tenant.admin.token));
    return (key ? req.set('Idempotency-Key', key) : req).send(body);
  };
  const history = async (tenant: Tenant, taskId: string): Promise<ScoreHistoryEntry[]> =>
    (await t.http.get(`/api/tasks/${taskId}/history`).set(bearer(tenant.admin.token)).expect(200)).body;
  const scoredNotices = async (tenant: Tenant, title: string) =>
    ((await t.http.get('/api/notifications').set(bearer(tenant.executives[0].token))).body as NotificationList).items.filter((n) => n.kind === 'task.scored' && n.body.includes(`"${title}"`)).length;
  const verify = (token: string, company?: string) => t.http.get(`/api/score-history/verify${company ? `?company=${company}` : ''}`).set(bearer(token));
  const orm = () => t.app.get(MikroORM);

  describe('a retried scoring with the same Idempotency-Key', () => {
    it('answers like the first and adds no history row nor notification', async () => {
      const task = await submitted(a);
      const first = await score(a, task._id, 'retry-key-1').expect(200);
      const again = await score(a, task._id, 'retry-key-1', { ...good, qualityScore: 2 }).expect(200);
      expect(again.body.scoring).toEqual(first.body.scoring);
      expect(await history(a, task._id)).toHaveLength(1);
      expect(await scoredNotices(a, task.title)).toBe(1);
      // A new key is a new scoring (a deliberate re-score).
      await score(a, task._id, 'retry-key-2', { ...good, qualityScore: 9 }).expect(200);
      expect(await history(a, task._id)).toHaveLength(2);
    });

    it('concurrent retries still make one scoring', async () => {
      const task = await submitted(a);
      const all = await Promise.all([1, 2, 3, 4].map(() => score(a, task._id, 'burst-key')));
      expect(all.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect(await history(a, task._id)).toHaveLength(1);
    });

    it('the same key on another task is a 409; a malformed key a 400 naming the header', async () => {
      const one = await submitted(a);
      const two = await submitted(a);
      await score(a, one._id, 'shared-key').expect(200);
      expect((await score(a, two._id, 'shared-key')).status).toBe(409);
      const bad = await score(a, two._id, 'x'.repeat(200));
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('Idempotency-Key');
      // Keys are per company: company B may use the same string.
      const other = await submitted(b);
      await score(b, other._id, 'shared-key').expect(200);
    });
  });

  describe('the hash chain', () => {
    it('a fresh history is intact, per row and for the whole company', async () => {
      const task = await submitted(a);
      await score(a, task._id).expect(200);
      await score(a, task._id, undefined, { ...good, qualityScore: 10 }).expect(200);
      expect((await history(a, task._id)).map((r) => r.integrity)).toEqual(['intact', 'intact']);
      const report = await verify(a.admin.token).expect(200);
      expect(report.body).toMatchObject({ companyId: a.company._id, intact: true, unchained: 0, firstBroken: null });
      expect(report.body.checked).toBeGreaterThanOrEqual(2);
    });

    it('editing a row in the database is seen by the history and by the verify endpoint', async () => {
      const task = await submitted(b);
      await score(b, task._id).expect(200);
      await score(b, task._id, undefined, { ...good, qualityScore: 4 }).expect(200);
      const rows = await history(b, task._id);
      const [, first] = rows;
      // Someone with database access raises a score by hand.
      await orm().em.fork().getConnection().execute(`update score_history set next = json_set(next, '$.totalScore', 9.9) where id = ?`, [first._id]);

      expect((await history(b, task._id)).map((r) => [r._id, r.integrity])).toEqual([
        [rows[0]._id, 'intact'],
        [first._id, 'tampered'],
      ]);
      const report = await verify(root, b.company._id).expect(200);
      expect(report.body).toMatchObject({ intact: false, firstBroken: { id: first._id, taskId: task._id } });
      // Company A's chain is untouched.
      expect((await verify(root, a.company._id)).body.intact).toBe(true);
    });

    it('deleting a row breaks the chain after it', async () => {
      const tenant = await createTenant(t, root, 1);
      const task = await submitted(tenant);
      for (const q of [5, 6, 7]) await score(tenant, task._id, undefined, { ...good, qualityScore: q }).expect(200);
      const em = orm().em.fork();
      const middle = await em.findOneOrFail(ScoreHistory, { companyId: tenant.company._id, chainSeq: 2 });
      await em.nativeDelete(ScoreHistory, { id: middle.id });
      const report = await verify(tenant.admin.token).expect(200);
      expect(report.body.intact).toBe(false);
      expect(report.body.firstBroken.chainSeq).toBe(3);
    });

    it('verify is for admins (their own company) and the superadmin (naming one)', async () => {
      expect((await verify(a.executives[0].token)).status).toBe(403);
      expect((await verify(a.admin.token, b.company._id)).status).toBe(403);
      expect((await verify(root)).status).toBe(400);
      expect((await verify(root, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    });
  });

  it('deleting a company deletes its score history', async () => {
    const tenant = await createTenant(t, root, 1);
    const task = await submitted(tenant);
    await score(tenant, task._id, 'gone-with-company').expect(200);
    expect(await orm().em.fork().count(ScoreHistory, { companyId: tenant.company._id })).toBe(1);
    await t.http.delete(`/api/companies/${tenant.company._id}`).set(bearer(root)).expect(200);
    expect(await orm().em.fork().count(ScoreHistory, { companyId: tenant.company._id })).toBe(0);
  });
});
