import request from 'supertest';
import { bearer, createTenant, superadminLogin, type Tenant } from '../utils/factories';
import { startCluster, type Cluster } from './cluster-fixture';
import { LiveClient, allSynced } from './live-client';
import { describeScale } from './scale-env';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Scheduled work runs once across nodes. Announcement expiry: both nodes arm a timer for the same expiry (each
 * re-reads the earliest one after a change made through it), both fire at the same moment, and the company hears
 * of the expiry once (docs/announcements.md: a conditional update claims it).
 */
describeScale('scheduled work on two nodes', (env) => {
  let c: Cluster;
  let t: Tenant;

  beforeAll(async () => {
    c = await startCluster(env);
    t = await createTenant(c.nginx.front, (await superadminLogin(c.nginx.front)).token, 1);
  }, 120_000);
  afterAll(async () => {
    await c?.close();
  });

  it('an announcement expiry armed on both nodes is published once', async () => {
    const watcher = new LiveClient(c.nginx.url, t.executives[0].token, 'executive');
    await allSynced([watcher], 10_000);
    const expiresAt = new Date(Date.now() + 3_000).toISOString();
    // Made through A: A arms its timer for it.
    const soon = await request(c.A.url).post('/api/announcements').set(bearer(t.admin.token)).send({ title: 'Expires soon', content: 'Gone in 3 s', expiresAt });
    expect(soon.status).toBe(201);
    // A change through B: B re-reads the earliest expiry, the same one, and arms its own timer for it.
    await request(c.B.url).post('/api/announcements').set(bearer(t.admin.token)).send({ title: 'Stays', content: 'No expiry' }).expect(201);

    await sleep(5_000);
    const expiries = (await c.log(t.company._id)).filter(
      (r) => r.type === 'announcement.updated' && (r.payload as { announcement: { _id: string } }).announcement._id === soon.body._id,
    );
    expect(expiries).toHaveLength(1);
    expect(watcher.applied.filter((e) => e.id === expiries[0].id)).toHaveLength(1);
    watcher.close();
  }, 30_000);
});
