import { EntityManager } from '@mikro-orm/knex';
import type { Actor } from '../../src/common/auth/actor';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EventEmitter } from 'node:events';
import { RequestScopeMiddleware } from '../../src/common/request-scope/request-scope.middleware';
import { bearer, createTenant, superadminLogin, type Tenant } from '../utils/factories';
import { statementsChecked, takeViolations } from '../utils/tenancy-check';
import { startTestApp, type TestApp } from '../utils/test-app';

/**
 * The tenancy check itself, end to end: it reads the statements of real requests, and a statement without the
 * company predicate run on an admin's behalf is caught. The statement runs inside the app's own request
 * middleware, so the whole path from middleware to query log is the real one.
 */
describe('tenancy check over the query log', () => {
  let t: TestApp;
  let a: Tenant;

  beforeAll(async () => {
    t = await startTestApp();
    a = await createTenant(t, (await superadminLogin(t)).token, 1);
  });
  afterAll(() => t.close());

  const asAdmin = (sql: string, params: unknown[] = []) => {
    const actor: Actor = { userId: a.admin.user._id, role: 'admin', companyId: a.company._id, name: a.admin.user.name };
    const em = t.app.get(EntityManager).fork();
    const req = Object.assign(new EventEmitter(), { user: actor, method: 'GET', url: '/probe', headers: {} }) as unknown as IncomingMessage;
    const res = Object.assign(new EventEmitter(), { setHeader: () => undefined }) as unknown as ServerResponse;
    const scope = t.app.get(RequestScopeMiddleware);
    return new Promise((resolve, reject) => scope.use(req, res, () => void em.execute(sql, params).then(resolve, reject)));
  };

  it("reads the statements of an admin's requests", async () => {
    const before = statementsChecked();
    const res = await t.http.get('/api/tasks').set(bearer(a.admin.token));
    expect(res.status).toBe(200);
    expect(statementsChecked()).toBeGreaterThan(before);
  });

  it('catches a deliberately unscoped statement and names its route', async () => {
    await asAdmin('select id, title from tasks where status = ?', ['pending']);
    const violations = takeViolations();
    expect(violations).toEqual([expect.objectContaining({ route: 'GET /probe', role: 'admin', reason: 'no company_id predicate on tasks' })]);
  });

  it('lets the same statement through with the company predicate', async () => {
    await asAdmin('select id, title from tasks where status = ? and company_id = ?', ['pending', a.company._id]);
    expect(takeViolations()).toEqual([]);
  });
});
