import { WEBHOOK_EVENT_TYPES, type WebhookWithSecret } from '@kpi/contracts';
import { Webhook } from 'standardwebhooks';
import { SETTLE_EVERY } from '../../src/modules/webhooks/webhook-deliveries';
import { bearer, createTenant, superadminLogin, type Tenant } from '../utils/factories';
import { startReceiver, type Received, type WebhookReceiver } from '../utils/webhook-receiver';
import { startCluster, type Cluster } from './cluster-fixture';
import { startLane } from './load';
import { describeScale } from './scale-env';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const DELIVERED = new Set<string>(WEBHOOK_EVENT_TYPES);

/**
 * Webhook deliveries on two nodes behind nginx (docs/webhooks.md): both nodes send, one at a time per endpoint
 * (the lease in the database); one node is SIGKILLed in the middle of a burst and stays down a while. Each
 * company's receiver must end with every deliverable event of its company, first arrivals in sequence order,
 * none of another company's; the only repeats allowed are the deliveries the killed node had made but not yet
 * written down (at most SETTLE_EVERY), resent under the same webhook-id.
 */
describeScale('webhooks on two nodes: a node killed mid-burst', (env) => {
  let c: Cluster;
  let tenants: Tenant[];
  const receivers: WebhookReceiver[] = [];
  const endpoints: WebhookWithSecret[] = [];

  beforeAll(async () => {
    c = await startCluster(env, { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_RETRY_DELAYS: '1,1,1,1,1' });
    const front = c.nginx.front;
    const root = (await superadminLogin(front)).token;
    tenants = [await createTenant(front, root, 3), await createTenant(front, root, 3)];
    for (const tenant of tenants) {
      const receiver = await startReceiver();
      receivers.push(receiver);
      const res = await front.http.post('/api/webhooks').set(bearer(tenant.admin.token)).send({ url: receiver.url, eventTypes: [...WEBHOOK_EVENT_TYPES] });
      expect(res.status).toBe(201);
      endpoints.push(res.body as WebhookWithSecret);
    }
  }, 120_000);

  afterAll(async () => {
    await c?.close();
    await Promise.all(receivers.map((r) => r.close()));
  });

  it('every event reaches its company once, in order, though a node dies mid-send', async () => {
    const lanes = tenants.map((t) => startLane(c.nginx.front, t));
    await sleep(3_000);
    const inFlightAtKill = receivers.map((r) => r.received.length);
    await c.A.kill();
    await sleep(3_000);
    await c.A.start();
    await sleep(2_000);
    await Promise.all(lanes.map((l) => l.stop()));

    const figures = [];
    for (const [i, tenant] of tenants.entries()) {
      const receiver = receivers[i];
      const since = endpoints[i].endpoint.deliveredSeq;
      const expected = (await c.log(tenant.company._id)).filter(
        (row) => row.seq > since && DELIVERED.has(row.type) && (row.audienceKind === 'company' || row.audienceKind === 'admins'),
      );
      // A lease the killed node held runs out after 15 s; then the survivor finishes the job.
      await receiver.until((got) => new Set(got.map((g) => g.body.id)).size >= expected.length, 45_000);

      const firstArrivals = new Map<string, Received>();
      for (const got of receiver.accepted()) if (!firstArrivals.has(got.body.id!)) firstArrivals.set(got.body.id!, got);
      const firstSeqs = [...firstArrivals.values()].map((g) => g.body.seq!);
      expect(firstSeqs).toEqual(expected.map((row) => row.seq));
      expect([...firstArrivals.keys()]).toEqual(expected.map((row) => row.id));
      expect(receiver.received.every((g) => g.body.companyId === tenant.company._id)).toBe(true);
      // The only repeats: deliveries the killed node had made but not yet written down, resent under their ids.
      const repeats = receiver.accepted().length - firstArrivals.size;
      expect(repeats).toBeLessThanOrEqual(SETTLE_EVERY);
      const secret = endpoints[i].secret!;
      for (const got of receiver.received) {
        new Webhook(secret).verify(got.raw, {
          'webhook-id': String(got.headers['webhook-id']),
          'webhook-timestamp': String(got.headers['webhook-timestamp']),
          'webhook-signature': String(got.headers['webhook-signature']),
        });
      }
      figures.push({ company: i, events: expected.length, deliveries: receiver.accepted().length, repeats, lost: expected.length - firstArrivals.size, beforeKill: inFlightAtKill[i] });
    }
    console.log(`webhook failover figures: ${JSON.stringify(figures)}`);
  }, 180_000);
});
