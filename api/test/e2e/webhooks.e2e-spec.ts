import type { EventPayloads, Notification, Task, WebhookAttempt, WebhookEndpoint, WebhookEvent, WebhookWithSecret } from '@kpi/contracts';
import { Webhook } from 'standardwebhooks';
import { safePost } from '../../src/modules/webhooks/safe-post';
import { bearer, createTenant, superadminLogin, type Member, type Tenant } from '../utils/factories';
import { connectSocket, startTestApp, type TestApp, type TestSocket } from '../utils/test-app';
import { startReceiver, type Received, type WebhookReceiver } from '../utils/webhook-receiver';

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const scoredEvents = (r: WebhookReceiver) => r.accepted().filter((x) => x.body.type === 'task.scored');

describe('webhooks', () => {
  let t: TestApp;
  let root: string;
  let a: Tenant;
  let b: Tenant;
  const receivers: WebhookReceiver[] = [];
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    // Loopback allowed (the receivers listen on 127.0.0.1); retries after 1 s instead of 5 s, 5 min…
    t = await startTestApp({ WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_RETRY_DELAYS: '1,1,1,1' });
    root = (await superadminLogin(t)).token;
    a = await createTenant(t, root, 2);
    b = await createTenant(t, root, 1);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await t.close();
    await Promise.all(receivers.map((r) => r.close()));
  });

  async function receiver(): Promise<WebhookReceiver> {
    const r = await startReceiver();
    receivers.push(r);
    return r;
  }

  async function register(tenant: Tenant, url: string, body: Record<string, unknown> = {}): Promise<WebhookWithSecret> {
    const res = await t.http
      .post('/api/webhooks')
      .set(bearer(tenant.admin.token))
      .send({ url, eventTypes: ['task.assigned', 'task.submitted', 'task.scored', 'badge.awarded'], description: 'Our HR system', ...body });
    expect(res.status).toBe(201);
    return res.body;
  }

  async function scoreOne(tenant: Tenant, exec: Member, title: string, quality = 8): Promise<Task> {
    const created = await t.http
      .post('/api/tasks')
      .set(bearer(tenant.admin.token))
      .send({ title, description: 'Work', assignedTo: exec.user._id, deadline: inHours(48), reportLink: 'https://reports.example.com/r' })
      .expect(201);
    await t.http.put(`/api/tasks/${created.body._id}/submit`).set(bearer(exec.token)).send({ content: 'Done' }).expect(200);
    const scored = await t.http.put(`/api/tasks/${created.body._id}/score`).set(bearer(tenant.admin.token)).send({ qualityScore: quality, initiativeScore: 7, feedback: 'Good.' }).expect(200);
    return scored.body as Task;
  }

  const verify = (secret: string, r: Received) =>
    new Webhook(secret).verify(r.raw, {
      'webhook-id': String(r.headers['webhook-id']),
      'webhook-timestamp': String(r.headers['webhook-timestamp']),
      'webhook-signature': String(r.headers['webhook-signature']),
    });

  it('signs every delivery so a Standard Webhooks verifier accepts it, and keeps order under 20 concurrent scorings', async () => {
    const r = await receiver();
    const { endpoint, secret } = await register(a, r.url);
    expect(secret).toMatch(/^whsec_/);
    expect(endpoint).toMatchObject({ url: r.url, kind: 'standard', active: true, signed: true, pausedReason: null });

    // Twenty tasks submitted, then all scored at once.
    const tasks: string[] = [];
    for (let i = 0; i < 20; i++) {
      const exec = a.executives[i % 2];
      const created = await t.http
        .post('/api/tasks')
        .set(bearer(a.admin.token))
        .send({ title: `Burst ${i}`, description: 'Work', assignedTo: exec.user._id, deadline: inHours(48), reportLink: 'https://reports.example.com/r' });
      await t.http.put(`/api/tasks/${created.body._id}/submit`).set(bearer(exec.token)).send({ content: 'Done' }).expect(200);
      tasks.push(created.body._id);
    }
    await Promise.all(tasks.map((id) => t.http.put(`/api/tasks/${id}/score`).set(bearer(a.admin.token)).send({ qualityScore: 9, initiativeScore: 8, feedback: 'Fine.' }).expect(200)));
    await r.until(() => scoredEvents(r).length === 20);

    const seqs = r.accepted().map((x) => x.body.seq!);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(new Set(scoredEvents(r).map((x) => (x.body.payload as EventPayloads['task.scored']).task._id))).toEqual(new Set(tasks));
    for (const x of r.received) {
      expect(verify(secret!, x)).toEqual(x.body);
      expect(x.headers['webhook-id']).toBe(x.body.id);
      expect(x.body.companyId).toBe(a.company._id);
    }
    // Tampering with the body breaks the signature.
    const tampered = { ...r.received[0], raw: r.received[0].raw.replace('"seq":', '"seq":1') };
    expect(() => verify(secret!, tampered)).toThrow();

    // The secret is never shown again.
    const list = await t.http.get('/api/webhooks').set(bearer(a.admin.token)).expect(200);
    expect(JSON.stringify(list.body)).not.toContain(secret!);
    await t.http.delete(`/api/webhooks/${endpoint._id}`).set(bearer(a.admin.token)).expect(200);
  });

  it('retries a receiver that fails 3 times, which then gets every event exactly once, in order', async () => {
    const r = await receiver();
    r.respond = (_req, index) => (index < 3 ? { status: 503, body: 'down for maintenance' } : { status: 204 });
    const { endpoint } = await register(a, r.url, { eventTypes: ['task.scored'] });
    for (let i = 0; i < 3; i++) await scoreOne(a, a.executives[0], `Retry ${i}`);
    await r.until(() => r.accepted().length === 3, 20_000);

    expect(r.received).toHaveLength(6);
    expect(r.received.slice(0, 3).map((x) => x.body.id)).toEqual([r.received[3].body.id, r.received[3].body.id, r.received[3].body.id]);
    const ids = r.accepted().map((x) => x.body.id);
    expect(new Set(ids).size).toBe(3);
    // The log is written down a few milliseconds after the receiver answered (docs/webhooks.md).
    const logOf = async () => (await t.http.get(`/api/webhooks/${endpoint._id}/attempts?limit=10`).set(bearer(a.admin.token)).expect(200)).body as WebhookAttempt[];
    for (let tries = 0; (await logOf()).length < 6 && tries < 100; tries++) await new Promise((done) => setTimeout(done, 20));
    const attempts = (await logOf()).slice().reverse();
    expect(attempts.map((x) => [x.attempt, x.succeeded, x.statusCode])).toEqual([
      [1, false, 503],
      [2, false, 503],
      [3, false, 503],
      [4, true, 204],
      [1, true, 204],
      [1, true, 204],
    ]);
    expect(attempts[0].response).toBe('down for maintenance');
    const after = await t.http.get('/api/webhooks').set(bearer(a.admin.token)).expect(200);
    expect((after.body as WebhookEndpoint[]).find((e) => e._id === endpoint._id)).toMatchObject({ failures: 0, active: true });
    await t.http.delete(`/api/webhooks/${endpoint._id}`).set(bearer(a.admin.token)).expect(200);
  });

  it("sends a paused endpoint nothing, and never another company's events", async () => {
    const paused = await receiver();
    const other = await receiver();
    const live = await receiver();
    const p = await register(a, paused.url, { eventTypes: ['task.scored'], active: false });
    const o = await register(b, other.url, { eventTypes: ['task.scored'] });
    const l = await register(a, live.url, { eventTypes: ['task.scored'] });
    await scoreOne(a, a.executives[1], 'Only for A');
    await live.until(() => live.accepted().length === 1);
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // two polls of every node's dispatcher
    expect(paused.received).toHaveLength(0);
    expect(other.received).toHaveLength(0);
    await scoreOne(b, b.executives[0], 'Only for B');
    await other.until(() => other.accepted().length === 1);
    expect((other.received[0].body.payload as EventPayloads['task.scored']).task.title).toBe('Only for B');
    expect(live.accepted()).toHaveLength(1);
    for (const e of [p, l]) await t.http.delete(`/api/webhooks/${e.endpoint._id}`).set(bearer(a.admin.token)).expect(200);
    await t.http.delete(`/api/webhooks/${o.endpoint._id}`).set(bearer(b.admin.token)).expect(200);
  });

  it("tells the company's admins of the dispatcher's attempts live, in a note outside the stream", async () => {
    const r = await receiver();
    const { endpoint } = await register(a, r.url, { eventTypes: ['task.scored'] });
    const [adminA, execA, adminB] = await Promise.all([connectSocket(t, a.admin.token), connectSocket(t, a.executives[0].token), connectSocket(t, b.admin.token)]);
    sockets.push(adminA, execA, adminB);
    await scoreOne(a, a.executives[0], 'Live log one');
    await scoreOne(a, a.executives[0], 'Live log two');
    await r.until(() => scoredEvents(r).length === 2);
    const delivered = scoredEvents(r).map((x) => x.body.id);

    const seen: WebhookAttempt[] = [];
    while (seen.length < 2) {
      const note = await adminA.waitForNote('webhook.deliveries', 5_000, (n) => n.attempts.some((x) => !seen.some((y) => y._id === x._id)));
      seen.push(...note.attempts.filter((x) => !seen.some((y) => y._id === x._id)));
    }
    expect(seen.map((x) => [x.endpoint, x.eventId, x.trigger, x.succeeded])).toEqual(delivered.map((id) => [endpoint._id, id, 'delivery', true]));
    // The note carries the log's rows as the log answers them.
    const log = (await t.http.get(`/api/webhooks/${endpoint._id}/attempts`).set(bearer(a.admin.token)).expect(200)).body as WebhookAttempt[];
    expect(log.slice().reverse()).toEqual(seen);
    // Not an event of the company's stream, and for nobody else.
    expect(adminA.events.some((e) => e.type === 'webhook.attempted')).toBe(false);
    expect(execA.notes).toEqual([]);
    expect(adminB.notes).toEqual([]);
    await t.http.delete(`/api/webhooks/${endpoint._id}`).set(bearer(a.admin.token)).expect(200);
  });

  it('pauses on 410 Gone, tells the admins, and honours Retry-After on 429', async () => {
    const gone = await receiver();
    gone.respond = () => ({ status: 410, body: 'no longer here' });
    const busy = await receiver();
    busy.respond = () => ({ status: 429, headers: { 'retry-after': '120' } });
    const g = await register(a, gone.url, { eventTypes: ['task.scored'] });
    const bz = await register(a, busy.url, { eventTypes: ['task.scored'] });
    const admin = await connectSocket(t, a.admin.token);
    sockets.push(admin);
    const before = Date.now();
    await scoreOne(a, a.executives[0], 'Gone and busy');
    await admin.waitFor('webhook.updated', 10_000, (e) => (e.payload as EventPayloads['webhook.updated']).endpoint._id === g.endpoint._id && !(e.payload as EventPayloads['webhook.updated']).endpoint.active);
    const notice = await admin.waitFor('notification.created', 10_000, (e) => (e.payload as { notification: Notification }).notification.kind === 'webhook.paused');
    expect((notice.payload as { notification: Notification }).notification).toMatchObject({ title: 'Integration paused', link: '/admin/integrations' });
    await busy.until(() => busy.received.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const list = (await t.http.get('/api/webhooks').set(bearer(a.admin.token)).expect(200)).body as WebhookEndpoint[];
    expect(list.find((e) => e._id === g.endpoint._id)).toMatchObject({ active: false, pausedReason: 'The endpoint answered 410 Gone' });
    const waiting = list.find((e) => e._id === bz.endpoint._id)!;
    expect(waiting).toMatchObject({ active: true, failures: 1 });
    expect(Date.parse(waiting.nextAttemptAt!) - before).toBeGreaterThanOrEqual(119_000);
    for (const e of [g, bz]) await t.http.delete(`/api/webhooks/${e.endpoint._id}`).set(bearer(a.admin.token)).expect(200);
  });

  it('sends a test event, redelivers an event under its own id, and replays from a sequence number', async () => {
    const r = await receiver();
    const { endpoint, secret } = await register(a, r.url, { eventTypes: ['task.scored'] });
    const admin = await connectSocket(t, a.admin.token);
    sockets.push(admin);

    const test = await t.http.post(`/api/webhooks/${endpoint._id}/test`).set(bearer(a.admin.token)).expect(200);
    expect(test.body).toMatchObject({ trigger: 'test', succeeded: true, statusCode: 200, response: 'ok', seq: null, eventType: 'webhook.test' });
    expect(r.received[0].body).toMatchObject({ type: 'webhook.test', seq: null, companyId: a.company._id });
    expect(verify(secret!, r.received[0])).toBeTruthy();
    const live = await admin.waitFor('webhook.attempted', 5_000, (e) => (e.payload as EventPayloads['webhook.attempted']).attempt._id === test.body._id);
    expect((live.payload as EventPayloads['webhook.attempted']).attempt).toEqual(test.body);

    await scoreOne(a, a.executives[0], 'Replay one');
    await scoreOne(a, a.executives[1], 'Replay two');
    await r.until(() => scoredEvents(r).length === 2);
    const [first, second] = scoredEvents(r);

    const again = await t.http.post(`/api/webhooks/${endpoint._id}/redeliver`).set(bearer(a.admin.token)).send({ eventId: first.body.id }).expect(200);
    expect(again.body).toMatchObject({ trigger: 'redeliver', succeeded: true, seq: first.body.seq });
    expect(r.received.at(-1)!.headers['webhook-id']).toBe(first.body.id);
    expect(r.received.at(-1)!.raw).toBe(first.raw);

    const count = r.received.length;
    await t.http.post(`/api/webhooks/${endpoint._id}/replay`).set(bearer(a.admin.token)).send({ fromSeq: first.body.seq }).expect(200);
    await r.until(() => r.received.length === count + 2);
    expect(r.received.slice(count).map((x) => x.body.id)).toEqual([first.body.id, second.body.id]);

    const tooFar = await t.http.post(`/api/webhooks/${endpoint._id}/replay`).set(bearer(a.admin.token)).send({ fromSeq: 1_000_000 }).expect(400);
    expect(tooFar.body.field).toBe('fromSeq');
    await t.http.post(`/api/webhooks/${endpoint._id}/redeliver`).set(bearer(b.admin.token)).send({ eventId: first.body.id }).expect(404);
    await t.http.delete(`/api/webhooks/${endpoint._id}`).set(bearer(a.admin.token)).expect(200);
  });

  it('signs with both secrets while a rotation lasts', async () => {
    const r = await receiver();
    const { endpoint, secret: oldSecret } = await register(a, r.url, { eventTypes: ['task.scored'] });
    const rotated = await t.http.post(`/api/webhooks/${endpoint._id}/rotate-secret`).set(bearer(a.admin.token)).expect(200);
    const newSecret = rotated.body.secret as string;
    expect(newSecret).not.toBe(oldSecret);
    expect(rotated.body.endpoint.previousSecretUntil).not.toBeNull();
    await t.http.post(`/api/webhooks/${endpoint._id}/test`).set(bearer(a.admin.token)).expect(200);
    const [delivery] = r.received;
    expect(String(delivery.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(newSecret, delivery)).toBeTruthy();
    expect(verify(oldSecret!, delivery)).toBeTruthy();
    await t.http.delete(`/api/webhooks/${endpoint._id}`).set(bearer(a.admin.token)).expect(200);
  });

  it('posts readable, unsigned messages to Slack and Teams channels', async () => {
    const slack = await receiver();
    const teams = await receiver();
    const s = await register(a, slack.url, { kind: 'slack', eventTypes: ['task.scored', 'badge.awarded'] });
    const tm = await register(a, teams.url, { kind: 'teams', eventTypes: ['task.scored'] });
    expect(s.secret).toBeNull();
    const exec = a.executives[0];
    const task = await scoreOne(a, exec, 'Quarterly <report>', 9);
    const total = String(Math.round(task.scoring!.totalScore * 10) / 10);
    await slack.until(() => slack.received.some((x) => x.body.text?.includes('scored')));
    await teams.until(() => teams.received.length >= 1);
    const line = slack.received.find((x) => x.body.text?.includes('scored'))!;
    expect(line.body.text).toBe(`${exec.user.name} scored ${total} on 'Quarterly &lt;report&gt;'`);
    expect(line.headers['webhook-signature']).toBeUndefined();
    const card = JSON.parse(teams.received[0].raw) as { attachments: { content: { body: { text: string }[] } }[] };
    expect(card.attachments[0].content.body[0].text).toBe(`${exec.user.name} scored ${total} on 'Quarterly <report>'`);

    const wrongTypes = await t.http.post('/api/webhooks').set(bearer(a.admin.token)).send({ url: slack.url, kind: 'slack', eventTypes: ['task.assigned'] }).expect(400);
    expect(wrongTypes.body.field).toBe('eventTypes');
    for (const e of [s, tm]) await t.http.delete(`/api/webhooks/${e.endpoint._id}`).set(bearer(a.admin.token)).expect(200);
  });

  it('serves the same envelopes from the events feed, paged, to admins of the company only', async () => {
    const r = await receiver();
    const { endpoint } = await register(a, r.url, { eventTypes: ['task.assigned', 'task.submitted', 'task.scored'] });
    await scoreOne(a, a.executives[0], 'Feed one');
    await scoreOne(a, a.executives[1], 'Feed two');
    await r.until(() => scoredEvents(r).length === 2);
    const from = r.received[0].body.seq! - 1;

    const all: WebhookEvent[] = [];
    let url = `/api/events?after=${from}&limit=2`;
    for (;;) {
      const page = await t.http.get(url).set(bearer(a.admin.token)).expect(200);
      all.push(...(page.body as WebhookEvent[]));
      const next = page.headers['x-next-cursor'];
      if (!next) break;
      url = `/api/events?limit=2&cursor=${encodeURIComponent(next)}`;
    }
    const fed = all.filter((e) => ['task.assigned', 'task.submitted', 'task.scored'].includes(e.type));
    expect(fed.map((e) => JSON.stringify(e))).toEqual(r.received.map((x) => x.raw));
    expect(all.every((e) => e.companyId === a.company._id)).toBe(true);
    expect(all.some((e) => e.type.startsWith('webhook.') || e.type.startsWith('notification.'))).toBe(false);

    await t.http.get('/api/events').set(bearer(a.executives[0].token)).expect(403);
    const noCompany = await t.http.get('/api/events').set(bearer(root)).expect(400);
    expect(noCompany.body.field).toBe('company');
    const other = await t.http.get(`/api/events?after=${from}`).set(bearer(b.admin.token)).expect(200);
    expect((other.body as WebhookEvent[]).every((e) => e.companyId === b.company._id)).toBe(true);
    const bad = await t.http.get('/api/events?after=abc').set(bearer(a.admin.token)).expect(400);
    expect(bad.body.field).toBe('after');
    await t.http.delete(`/api/webhooks/${endpoint._id}`).set(bearer(a.admin.token)).expect(200);
  });

  it("keeps each company's endpoints to itself; the superadmin sees every company's", async () => {
    const r = await receiver();
    const { endpoint } = await register(a, r.url);
    await t.http.get(`/api/webhooks/${endpoint._id}/attempts`).set(bearer(b.admin.token)).expect(404);
    await t.http.put(`/api/webhooks/${endpoint._id}`).set(bearer(b.admin.token)).send({ active: false }).expect(404);
    await t.http.delete(`/api/webhooks/${endpoint._id}`).set(bearer(b.admin.token)).expect(404);
    await t.http.post(`/api/webhooks/${endpoint._id}/test`).set(bearer(b.admin.token)).expect(404);
    const bList = (await t.http.get('/api/webhooks').set(bearer(b.admin.token)).expect(200)).body as WebhookEndpoint[];
    expect(bList.map((e) => e._id)).not.toContain(endpoint._id);
    const rootList = (await t.http.get('/api/webhooks').set(bearer(root)).expect(200)).body as WebhookEndpoint[];
    expect(rootList.map((e) => e._id)).toContain(endpoint._id);
    await t.http.get('/api/webhooks').set(bearer(a.executives[0].token)).expect(403);
    const forB = await t.http.post('/api/webhooks').set(bearer(root)).send({ url: r.url, eventTypes: ['task.scored'], company: b.company._id }).expect(201);
    expect(forB.body.endpoint.company).toBe(b.company._id);
    await t.http.delete(`/api/webhooks/${forB.body.endpoint._id}`).set(bearer(root)).expect(200);
    // Another admin tab hears of the deletion; the other company does not.
    const [adminA, adminB] = await Promise.all([connectSocket(t, a.admin.token), connectSocket(t, b.admin.token)]);
    sockets.push(adminA, adminB);
    await t.http.delete(`/api/webhooks/${endpoint._id}`).set(bearer(a.admin.token)).expect(200);
    const deleted = await adminA.waitFor('webhook.deleted', 5_000);
    expect(deleted.payload).toEqual({ endpointId: endpoint._id });
    expect(adminB.events.some((e) => e.type === 'webhook.deleted' && (e.payload as { endpointId: string }).endpointId === endpoint._id)).toBe(false);
  });

  it('refuses bad input naming the field, and more than 20 endpoints', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ url: 'not a url', eventTypes: ['task.scored'] }, 'url'],
      [{ url: 'ftp://example.com/x', eventTypes: ['task.scored'] }, 'url'],
      [{ url: 'https://example.com/x', eventTypes: [] }, 'eventTypes'],
      [{ url: 'https://example.com/x', eventTypes: ['session.revoked'] }, 'eventTypes.0'],
      [{ url: 'https://example.com/x', eventTypes: ['task.scored'], kind: 'discord' }, 'kind'],
    ];
    for (const [body, field] of cases) {
      const res = await t.http.post('/api/webhooks').set(bearer(a.admin.token)).send(body).expect(400);
      expect(res.body.field).toBe(field);
    }
    const r = await receiver();
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await register(b, r.url)).endpoint._id);
    const over = await t.http.post('/api/webhooks').set(bearer(b.admin.token)).send({ url: r.url, eventTypes: ['task.scored'] }).expect(409);
    expect(over.body.message).toBe('A company can have at most 20 webhook endpoints');
    for (const id of ids) await t.http.delete(`/api/webhooks/${id}`).set(bearer(b.admin.token)).expect(200);
  });

  describe('server-side request forgery', () => {
    it('refuses private, link-local and metadata addresses even in development', async () => {
      for (const url of ['http://169.254.169.254/latest/meta-data', 'https://10.0.0.7/hook', 'https://[fd00::1]/hook', 'http://192.168.1.20/']) {
        const res = await t.http.post('/api/webhooks').set(bearer(a.admin.token)).send({ url, eventTypes: ['task.scored'] }).expect(400);
        expect(res.body).toMatchObject({ field: 'url', message: expect.stringMatching(/^URL is not allowed: .* is a (link-local|private) address$/) });
      }
    });

    it('does not follow a redirect to the metadata address', async () => {
      const r = await receiver();
      r.respond = () => ({ status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data' } });
      const { endpoint } = await register(a, r.url);
      const test = await t.http.post(`/api/webhooks/${endpoint._id}/test`).set(bearer(a.admin.token)).expect(200);
      expect(test.body).toMatchObject({ succeeded: false, statusCode: 302, error: 'Redirect to http://169.254.169.254/latest/meta-data not followed' });
      await t.http.delete(`/api/webhooks/${endpoint._id}`).set(bearer(a.admin.token)).expect(200);
    });

    it('in production refuses plain http, loopback, and a name resolving to loopback, checked on the address connected to', async () => {
      const prod = await startTestApp();
      try {
        const token = (await superadminLogin(prod)).token;
        const tenant = await createTenant(prod, token, 0);
        const r = await receiver();
        const port = new URL(r.url).port;
        const refused: [string, string][] = [
          [r.url, 'URL must start with https://'],
          [`https://127.0.0.1:${port}/`, 'URL is not allowed: 127.0.0.1 is a loopback address'],
          [`https://localhost:${port}/`, 'URL is not allowed: localhost resolves to 127.0.0.1, a loopback address'],
        ];
        for (const [url, message] of refused) {
          const res = await prod.http.post('/api/webhooks').set(bearer(tenant.admin.token)).send({ url, eventTypes: ['task.scored'] }).expect(400);
          expect(res.body).toMatchObject({ field: 'url', message });
        }
      } finally {
        await prod.close();
      }
      // Sending checks the address again at connection time, whatever was checked when the URL was saved.
      const r = await receiver();
      const outcome = await safePost(r.url.replace('127.0.0.1', 'localhost').replace('http:', 'https:'), '{}', {}, { timeoutMs: 2_000, allowLoopback: false, excerptLimit: 100 });
      expect(outcome.error).toMatch(/^localhost resolves to a refused address: (127\.0\.0\.1|::1) is a loopback address$/);
      expect(r.received).toHaveLength(0);
    });
  });
});
