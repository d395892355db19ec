import { randomUUID } from 'node:crypto';
import { superadminLogin } from '../utils/factories';
import { SUPERADMIN, type TestApp } from '../utils/test-app';
import { createScratchDatabase, describeScale, startInstance, type ScratchDatabase } from './scale-env';

/** With REDIS_URL the rate-limit counters live in Redis: a limit reached through one instance holds on the other. */
describeScale('rate limits shared by two instances', (env) => {
  let db: ScratchDatabase;
  let A: TestApp;
  let B: TestApp;
  beforeAll(async () => {
    db = await createScratchDatabase(env);
    // A secret of this run only: the Redis keys of other runs on this machine stay apart.
    const extra = { JWT_SECRET: `shared-limits-${randomUUID()}-0123456789` };
    A = await startInstance(db, env, extra);
    B = await startInstance(db, env, extra);
  });
  afterAll(async () => {
    await Promise.all([A?.close(), B?.close()]);
    await db?.drop();
  });

  it('10 failed sign-ins spread over both instances lock the account on both', async () => {
    await superadminLogin(A);
    for (let i = 0; i < 10; i++) {
      const via = i % 2 ? A : B;
      expect((await via.http.post('/api/auth/login').send({ email: SUPERADMIN.email, password: 'guess-guess' })).status).toBe(401);
    }
    for (const via of [A, B]) {
      expect((await via.http.post('/api/auth/login').send({ email: SUPERADMIN.email, password: SUPERADMIN.password })).status).toBe(429);
    }
  });
});
