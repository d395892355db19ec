import { MikroORM } from '@mikro-orm/core';
import { healthSchema } from '@kpi/contracts';
import { startTestApp, type TestApp } from '../utils/test-app';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  it('answers 200 without a token once the database answers; Redis is not listed when not configured', async () => {
    const res = await t.http.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', checks: { database: { status: 'up' } } });
    expect(healthSchema.safeParse(res.body).success).toBe(true);
  });

  it('answers 503 naming the database when its connection is gone', async () => {
    await t.app.get(MikroORM).close(true);
    const res = await t.http.get('/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'error', checks: { database: { status: 'down', error: expect.any(String) } } });
    expect(res.body.checks).not.toHaveProperty('redis');
  });
});
