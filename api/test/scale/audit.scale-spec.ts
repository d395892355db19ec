import { MikroORM } from '@mikro-orm/core';
import type { AuditEntry } from '@kpi/contracts';
import { bearer, createTenant, superadminLogin, type Tenant } from '../utils/factories';
import type { TestApp } from '../utils/test-app';
import { createScratchDatabase, describeScale, startInstance, type ScratchDatabase } from './scale-env';

/**
 * The audit chain on PostgreSQL with two instances writing one company's chain at once (docs/audit.md): the head's
 * row lock makes the appends take turns, so the chain has no fork, no gap and verifies intact.
 */
describeScale('the audit trail on PostgreSQL, two instances', (env) => {
  let db: ScratchDatabase;
  let one: TestApp;
  let two: TestApp;
  let a: Tenant;
  beforeAll(async () => {
    db = await createScratchDatabase(env);
    one = await startInstance(db, env);
    two = await startInstance(db, env);
    a = await createTenant(one, (await superadminLogin(one)).token, 1);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await db?.drop();
  });

  it('concurrent changes through both instances chain without a fork or a gap, and verify intact; a tampered entry is named', async () => {
    const before = (await one.http.get('/api/audit?limit=200').set(bearer(a.admin.token)).expect(200)).body as AuditEntry[];
    const writes = Array.from({ length: 30 }, (_, i) =>
      (i % 2 ? one : two).http
        .post('/api/announcements')
        .set(bearer(a.admin.token))
        .send({ title: `Concurrent ${i}`, content: 'x', priority: 'low' })
        .expect(201),
    );
    await Promise.all(writes);
    const all = (await two.http.get('/api/audit?limit=200').set(bearer(a.admin.token)).expect(200)).body as AuditEntry[];
    expect(all).toHaveLength(before.length + 30);
    expect(all.map((e) => e.seq).sort((x, y) => x - y)).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    const report = (await one.http.get('/api/audit/verify').set(bearer(a.admin.token)).expect(200)).body;
    expect(report).toMatchObject({ intact: true, checked: all.length, firstBroken: null });

    const victim = all.find((e) => e.subject.label === 'Concurrent 7')!;
    await one.app.get(MikroORM).em.getConnection().execute(`update audit_entries set changes = '[]'::jsonb where id = ?`, [victim._id]);
    const broken = (await two.http.get('/api/audit/verify').set(bearer(a.admin.token)).expect(200)).body;
    expect(broken).toMatchObject({ intact: false, firstBroken: { id: victim._id, seq: victim.seq } });
  });
});
