import { EntityManager } from '@mikro-orm/knex';
import { EXECUTIVE_COUNT } from '../../src/modules/stats/standings.query';
import { startTestApp, type TestApp } from '../utils/test-app';

/**
 * Every ranking's "of N" and each live top 10 count a company's active executives: the count reads the users'
 * (company, role, is_active) index alone, never their rows (docs/benchmarks.md).
 */
describe('the count of active executives', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('is answered from the covering index on the migrated schema', async () => {
    const em = t.app.get(EntityManager).fork();
    const plan = await em.execute<{ detail: string }[]>(`explain query plan ${EXECUTIVE_COUNT}`, ['a-company', true]);
    expect(plan.map((step) => step.detail)).toEqual(['SEARCH users USING COVERING INDEX users_company_id_role_is_active_index (company_id=? AND role=? AND is_active=?)']);
  });
});
