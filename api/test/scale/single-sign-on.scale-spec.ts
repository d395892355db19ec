import { bearer, createTenant, superadminLogin, type Tenant } from '../utils/factories';
import { OIDC_CLIENT, startTestProvider, type TestProvider } from '../utils/oidc-provider';
import type { TestApp } from '../utils/test-app';
import { createScratchDatabase, describeScale, startInstance, type ScratchDatabase } from './scale-env';

const PUBLIC_URL = 'http://kpi.test';

/**
 * Single sign-on across two instances: the flow state lives in a signed cookie, never in one node's memory, so
 * a sign-in started on A (behind a load balancer, say) finishes on B.
 */
describeScale('single sign-on across two api instances', (env) => {
  let db: ScratchDatabase;
  let A: TestApp;
  let B: TestApp;
  let provider: TestProvider;
  let tenant: Tenant;

  beforeAll(async () => {
    db = await createScratchDatabase(env);
    provider = await startTestProvider({
      redirectUris: [`${PUBLIC_URL}/api/auth/sso/callback`],
      accounts: { nina: { email: 'nina@scale-sso.test', email_verified: true, name: 'Nina Node', groups: ['sales'] } },
    });
    A = await startInstance(db, env, { PUBLIC_URL });
    B = await startInstance(db, env, { PUBLIC_URL });
    tenant = await createTenant(A, (await superadminLogin(A)).token, 0);
    await A.http
      .put(`/api/companies/${tenant.company._id}/sign-in`)
      .set(bearer(tenant.admin.token))
      .send({ issuer: provider.issuer, clientId: OIDC_CLIENT.id, clientSecret: OIDC_CLIENT.secret, domains: ['scale-sso.test'], createOnFirstSignIn: true })
      .expect(200);
  });
  afterAll(async () => {
    await Promise.all([A?.close(), B?.close()]);
    await provider?.close();
    await db?.drop();
  });

  it('a sign-in started on A finishes on B, and the session works on both', async () => {
    const started = await A.http.post('/api/auth/sso/start').send({ email: 'nina@scale-sso.test' }).expect(200);
    const cookie = (started.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('kpi_sso_flow='))!.split(';')[0];
    const callback = await provider.signIn(started.body.authorizationUrl, 'nina');
    const finished = await B.http.get(`${callback.pathname}${callback.search}`).set('Cookie', cookie);
    expect(finished.status).toBe(303);
    const outcome = new URLSearchParams(finished.headers.location.slice('/sso#'.length));
    expect(outcome.get('error')).toBeNull();
    for (const node of [A, B]) {
      const me = await node.http.get('/api/auth/verify').set(bearer(outcome.get('token')!));
      expect(me.status).toBe(200);
      expect(me.body.user).toMatchObject({ email: 'nina@scale-sso.test', role: 'executive', company: { _id: tenant.company._id } });
    }
  });
});
