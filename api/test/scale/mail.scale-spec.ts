import { bearer, createTenant, superadminLogin, type Member, type Tenant } from '../utils/factories';
import { startSmtpInbox, type SmtpInbox } from '../utils/smtp-inbox';
import { startCluster, type Cluster } from './cluster-fixture';
import { describeScale } from './scale-env';

const SCORINGS = 200;
/** The most rows one node sends at once (modules/mail/mail-sender.ts, CLAIM_BATCH). */
const IN_FLIGHT_PER_NODE = 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Email on two nodes (docs/notifications.md): 200 scorings through nginx while node A is SIGKILLed halfway, a real
 * SMTP server started here receiving what both nodes send. Each executive gets each score email exactly once
 * (one Message-ID per scoring, to the assignee only); rows A had claimed when it died are sent by B after their lease.
 */
describeScale('email from two nodes: 200 scorings, a node killed in the middle', (env) => {
  let inbox: SmtpInbox;
  let c: Cluster;
  let tenants: Tenant[];

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    c = await startCluster(env, { SMTP_URL: inbox.url, PUBLIC_URL: 'https://kpi.scale.test' });
    const root = (await superadminLogin(c.nginx.front)).token;
    tenants = [await createTenant(c.nginx.front, root, 10), await createTenant(c.nginx.front, root, 10)];
  }, 120_000);
  afterAll(async () => {
    await c?.close();
    await inbox?.close();
  });

  it('each executive gets each score email exactly once', async () => {
    const front = c.nginx.front;
    /** A call through nginx, retried while a node dies under it (a scoring keeps its idempotency key). */
    const call = async (send: () => PromiseLike<{ status: number; body: unknown }>): Promise<unknown> => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const res = await Promise.resolve(send()).catch(() => null);
        if (res && res.status >= 200 && res.status < 300) return res.body;
        await sleep(250);
      }
      throw new Error('a call kept failing');
    };
    const work: { tenant: Tenant; exec: Member; taskId: string; title: string }[] = [];
    for (let i = 0; i < SCORINGS; i++) {
      const tenant = tenants[i % 2];
      const exec = tenant.executives[Math.floor(i / 2) % tenant.executives.length];
      const title = `Mail load ${i}`;
      const task = (await call(() =>
        front.http
          .post('/api/tasks')
          .set(bearer(tenant.admin.token))
          .send({ title, description: 'Scored under failover', assignedTo: exec.user._id, deadline: new Date(Date.now() + 3 * 86_400_000).toISOString(), reportLink: 'https://reports.example.com/m' }),
      )) as { _id: string };
      await call(() => front.http.put(`/api/tasks/${task._id}/submit`).set(bearer(exec.token)).send({ content: 'Done' }));
      work.push({ tenant, exec, taskId: task._id, title });
    }

    let scored = 0;
    let killed = false;
    const lane = async (lane: number) => {
      for (let i = lane; i < work.length; i += 4) {
        const { tenant, taskId } = work[i];
        await call(() =>
          front.http.put(`/api/tasks/${taskId}/score`).set(bearer(tenant.admin.token)).set('idempotency-key', `mail-${taskId}`).send({ qualityScore: 1 + (i % 10), initiativeScore: 6, feedback: `Feedback ${i}` }),
        );
        scored++;
        if (scored === SCORINGS / 2 && !killed) {
          killed = true;
          await c.A.kill();
        }
      }
    };
    await Promise.all([0, 1, 2, 3].map(lane));
    expect(killed).toBe(true);

    const scoreMails = () => inbox.messages.filter((m) => m.kind === 'task.scored');
    const distinct = () => new Set(scoreMails().map((m) => m.messageId)).size;
    // Rows the killed node had claimed wait for their 30 s lease; allow for it and the backlog of other emails.
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline && distinct() < SCORINGS) await sleep(500);
    await sleep(2_000); // every chance for a late copy to arrive before counting

    const mails = scoreMails();
    let missing = 0;
    let wrongPerson = 0;
    for (const { exec, title } of work) {
      const mine = mails.filter((m) => m.subject.startsWith(`Scored: ${title} —`));
      const ids = new Set(mine.map((m) => m.messageId));
      if (ids.size === 0) missing++;
      expect({ title, messages: ids.size }).toEqual({ title, messages: 1 });
      if (mine.some((m) => m.to !== exec.user.email.toLowerCase())) wrongPerson++;
    }
    const resent = mails.length - distinct();
    process.stdout.write(
      `\nMAIL FAILOVER: ${SCORINGS} scorings, node A SIGKILLed after ${SCORINGS / 2}; score emails: ${distinct()} distinct, ` +
        `${mails.length} received (${resent} re-sent with the same Message-ID), missing ${missing}, to the wrong person ${wrongPerson}; ` +
        `all emails received: ${inbox.messages.length}\n`,
    );
    expect(missing).toBe(0);
    expect(wrongPerson).toBe(0);
    // Only a message the SMTP server accepted while A died, before A recorded it, can come twice (same Message-ID).
    expect(resent).toBeLessThanOrEqual(IN_FLIGHT_PER_NODE);
  }, 300_000);
});
