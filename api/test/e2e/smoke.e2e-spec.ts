import { startTestApp, type TestApp } from '../utils/test-app';
import { createTenant, superadminLogin } from '../utils/factories';

describe('smoke', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  it('boots, signs in and creates a tenant', async () => {
    const root = await superadminLogin(t);
    const tenant = await createTenant(t, root.token, 1);
    expect(tenant.executives[0].user.role).toBe('executive');
  });
});
