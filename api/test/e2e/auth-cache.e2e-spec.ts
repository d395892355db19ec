import { bearer, createTenant, superadminLogin, type Tenant } from '../utils/factories';
import { login, startTestApp, type TestApp } from '../utils/test-app';

/**
 * The actor behind a token is cached for up to a second (common/auth/actor-cache.ts); a revocation on this
 * instance must still end the token on its very next request.
 */
describe('auth: cached sessions end at once when revoked', () => {
  let t: TestApp;
  let tenant: Tenant;
  beforeAll(async () => {
    t = await startTestApp();
    tenant = await createTenant(t, (await superadminLogin(t)).token, 2);
  });
  afterAll(() => t.close());

  it('a changed password refuses the old token on the next request, though it was just cached', async () => {
    const exec = tenant.executives[0];
    const old = exec.token;
    for (let i = 0; i < 3; i++) expect((await t.http.get('/api/auth/verify').set(bearer(old))).status).toBe(200);
    const changed = await t.http.put('/api/auth/change-password').set(bearer(old)).send({ currentPassword: exec.password, newPassword: 'a-new-password-1' });
    expect(changed.status).toBe(200);
    expect((await t.http.get('/api/auth/verify').set(bearer(old))).status).toBe(401);
    expect((await t.http.get('/api/notifications').set(bearer(old))).status).toBe(401);
    expect((await t.http.get('/api/auth/verify').set(bearer(changed.body.token))).status).toBe(200);
  });

  it('a deactivated executive is refused on the next request, though their token was just cached', async () => {
    const exec = tenant.executives[1];
    expect((await t.http.get('/api/auth/verify').set(bearer(exec.token))).status).toBe(200);
    const res = await t.http.put(`/api/users/${exec.user._id}`).set(bearer(tenant.admin.token)).send({ isActive: false });
    expect(res.status).toBe(200);
    const after = await t.http.get('/api/auth/verify').set(bearer(exec.token));
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Please sign in again');
  });

  it('verify still answers the full user, company name included', async () => {
    const { user, token } = await login(t, tenant.admin.user.email, tenant.admin.password);
    const res = await t.http.get('/api/auth/verify').set(bearer(token));
    expect(res.body).toEqual({ user });
    expect(res.body.user.companyName).toBe(tenant.company.name);
  });

  it("verify answers are kept for a second, yet show a change to the user or their company's name at once", async () => {
    const root = (await superadminLogin(t)).token;
    const own = await createTenant(t, root, 1);
    const exec = own.executives[0];
    const verify = async () => (await t.http.get('/api/auth/verify').set(bearer(exec.token)).expect(200)).body.user;
    expect((await verify()).name).toBe(exec.user.name);
    await t.http.put(`/api/users/${exec.user._id}`).set(bearer(own.admin.token)).send({ name: 'Renamed Person', department: 'Legal' }).expect(200);
    expect(await verify()).toMatchObject({ name: 'Renamed Person', department: 'Legal' });
    await t.http.put(`/api/companies/${own.company._id}`).set(bearer(root)).send({ name: 'Renamed Company' }).expect(200);
    expect(await verify()).toMatchObject({ companyName: 'Renamed Company', company: { name: 'Renamed Company' } });
  });

  it('refuses malformed authorization headers with 401', async () => {
    for (const header of ['Bearer', 'Basic abc', `Bearer ${tenant.admin.token}x`, 'Bearer a.b.c']) {
      const res = await t.http.get('/api/auth/verify').set('Authorization', header);
      expect(res.status).toBe(401);
    }
  });
});
