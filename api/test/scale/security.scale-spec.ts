import { bearer, superadminLogin } from '../utils/factories';
import { routeTable } from '../utils/route-table';
import type { TestApp } from '../utils/test-app';
import { createScratchDatabase, describeScale, startInstance, type ScratchDatabase } from './scale-env';

/** PostgreSQL refuses NUL in text outright (SQLite does not): malformed ids must be refused before any query. */
describeScale('malformed ids on PostgreSQL', (env) => {
  let db: ScratchDatabase;
  let t: TestApp;
  beforeAll(async () => {
    db = await createScratchDatabase(env);
    t = await startInstance(db, env);
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('every :id route and ?company= answer a NUL or an overlong id with 4xx, never 500', async () => {
    const root = await superadminLogin(t);
    const routes = routeTable(t.app).filter((r) => r.path.includes(':') && !r.path.includes(':year'));
    for (const bad of ['%00', 'a%00b', 'x'.repeat(300)]) {
      for (const r of routes) {
        const res = await t.http[r.method](r.path.replace(/:[A-Za-z]+/g, bad)).set(bearer(root.token)).set('Content-Type', 'application/json').send('{}');
        expect({ route: r.path, bad, status: res.status < 500 }).toEqual({ route: r.path, bad, status: true });
      }
    }
    for (const path of ['/api/tasks', '/api/users', '/api/announcements', '/api/score-history/verify']) {
      const res = await t.http.get(`${path}?company=%00`).set(bearer(root.token));
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
    }
  });
});
