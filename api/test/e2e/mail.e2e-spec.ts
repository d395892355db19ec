import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/core';
import type { MailPreferences, Task } from '@kpi/contracts';
import { DeadlineReminders } from '../../src/modules/mail/deadline-reminders';
import { MailDigest } from '../../src/modules/mail/mail-digest';
import { MailFanout } from '../../src/modules/mail/mail-fanout';
import { MailPruner } from '../../src/modules/mail/mail-pruner';
import { bearer, createMember, createTenant, superadminLogin, type Member, type Tenant } from '../utils/factories';
import { startReceiver } from '../utils/webhook-receiver';
import { startSmtpInbox, type SmtpInbox } from '../utils/smtp-inbox';
import { settle, startTestApp, type TestApp } from '../utils/test-app';

const HOUR = 3_600_000;

describe('email notifications over a real SMTP server', () => {
  let t: TestApp;
  let inbox: SmtpInbox;
  let root: string;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await startTestApp({ SMTP_URL: inbox.url, PUBLIC_URL: 'https://kpi.example.com', MAIL_FROM: 'KPI Tracker <kpi@example.com>', MAIL_WORKERS: 'true' });
    root = (await superadminLogin(t)).token;
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  const db = () => t.app.get(MikroORM).em.getConnection();
  const count = async (sql: string, params: unknown[] = []) => Number((await db().execute<{ n: number | string }[]>(sql, params))[0].n);

  /** Until every event has been turned into mail and every due mail row has been handled (sent, skipped…). */
  async function delivered(timeoutMs = 20_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (let quiet = 0; ; ) {
      const behind = await t.app.get(MailFanout).runOnce();
      const waiting = await count(`select count(*) as n from mail_messages where status = 'pending' and mode = 'instant'`);
      // Twice in a row: the workers' own run may have been between two steps the first time.
      quiet = !behind && waiting === 0 ? quiet + 1 : 0;
      if (quiet === 2) return;
      if (Date.now() > until) {
        const stuck = await db().execute(`select kind, attempts, lease_owner, next_attempt_at, last_error from mail_messages where status = 'pending' and mode = 'instant'`);
        throw new Error(`mail not delivered within ${timeoutMs} ms: ${JSON.stringify(stuck)}`);
      }
      await settle(100);
    }
  }

  const createTask = async (tenant: Tenant, assignee: Member, title: string, deadline = new Date(Date.now() + 7 * 24 * HOUR)): Promise<Task> => {
    const res = await t.http
      .post('/api/tasks')
      .set(bearer(tenant.admin.token))
      .send({ title, description: 'Review every open deal.', assignedTo: assignee.user._id, deadline: deadline.toISOString(), priority: 'high', reportLink: 'https://reports.example.com/q3' });
    expect(res.status).toBe(201);
    return res.body;
  };
  const submit = (member: Member, id: string) => t.http.put(`/api/tasks/${id}/submit`).set(bearer(member.token)).send({ content: 'Done.' }).expect(200);
  const score = (tenant: Tenant, id: string, quality: number, feedback: string) =>
    t.http.put(`/api/tasks/${id}/score`).set(bearer(tenant.admin.token)).send({ qualityScore: quality, initiativeScore: 7, feedback }).expect(200);
  const announce = (tenant: Tenant, title: string, priority: string) =>
    t.http.post('/api/announcements').set(bearer(tenant.admin.token)).send({ title, content: 'Read this please.', priority }).expect(201);
  const preferences = (member: Member, body?: object) =>
    body ? t.http.put('/api/notification-preferences').set(bearer(member.token)).send(body) : t.http.get('/api/notification-preferences').set(bearer(member.token));
  const kindsOf = (member: Member) =>
    inbox
      .to(member.user.email)
      .map((m) => m.kind)
      .sort();

  it('sends each kind once, to the right person, with the figures, a link to the screen and a signed unsubscribe', async () => {
    const tenant = await createTenant(t, root, 2);
    const [me, colleague] = tenant.executives;
    const task = await createTask(tenant, me, 'Pipeline review');
    await submit(me, task._id);
    await score(tenant, task._id, 9, 'Thorough and clear.');
    await score(tenant, task._id, 6, 'On a second read, the forecast is thin.');
    await announce(tenant, 'Office closed Friday', 'urgent');
    await announce(tenant, 'New coffee machine', 'medium');
    await delivered();

    // Assigned, scored, re-scored, two badges (first task, early bird) and the urgent announcement; nothing for the medium one.
    expect(kindsOf(me)).toEqual(['announcement.high', 'badge.awarded', 'badge.awarded', 'task.assigned', 'task.scored', 'task.scored']);
    expect(inbox.to(me.user.email, 'badge.awarded').every((m) => m.subject.startsWith('Badge earned: '))).toBe(true);
    expect(kindsOf(colleague)).toEqual(['announcement.high']);
    // The admin's submissions wait for the digest by default; the announcement comes at once.
    expect(kindsOf(tenant.admin)).toEqual(['announcement.high']);

    const [scored, rescored] = inbox.to(me.user.email, 'task.scored');
    expect(scored.subject).toBe('Scored: Pipeline review — 9.0/10');
    expect(scored.text).toContain('Quality 9.0/10 · Time 10.0/10 · Initiative 7.0/10 · Total 9.0/10');
    expect(scored.text).toContain('Thorough and clear.');
    expect(scored.text).toContain('https://kpi.example.com/executive/tasks');
    expect(scored.html).toContain('href="https://kpi.example.com/executive/tasks"');
    expect(rescored.subject).toBe('Re-scored: Pipeline review — 7.8/10');
    expect(rescored.text).toContain('On a second read, the forecast is thin.');
    expect(scored.listUnsubscribe).toMatch(/^<https:\/\/kpi\.example\.com\/api\/mail\/unsubscribe\?token=[^>]+>$/);
    expect(scored.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    // The body's link opens the app's confirmation page, with the same signed token.
    const token = new URL(scored.listUnsubscribe.slice(1, -1)).searchParams.get('token')!;
    expect(scored.text).toContain(`Unsubscribe: https://kpi.example.com/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(new Set(inbox.messages.map((m) => m.messageId)).size).toBe(inbox.messages.length);
    expect(inbox.to(tenant.admin.user.email, 'announcement.high')[0].text).toContain('https://kpi.example.com/admin/announcements');
  });

  it("never sends one company's news to another company's people", async () => {
    const a = await createTenant(t, root, 1);
    const b = await createTenant(t, root, 1);
    const task = await createTask(b, b.executives[0], 'B only');
    await submit(b.executives[0], task._id);
    await score(b, task._id, 8, 'Fine.');
    await announce(b, 'B is moving offices', 'high');
    await delivered();
    expect(kindsOf(a.executives[0])).toEqual([]);
    expect(kindsOf(a.admin)).toEqual([]);
    expect(kindsOf(b.executives[0])).toEqual(['announcement.high', 'badge.awarded', 'badge.awarded', 'task.assigned', 'task.scored']);
    const bPeople = new Set([b.admin, ...b.executives].map((m) => m.user.email.toLowerCase()));
    const aboutB = inbox.messages.filter((m) => m.subject.includes('B only') || m.subject.includes('B is moving'));
    expect(aboutB.every((m) => bPeople.has(m.to))).toBe(true);
  });

  it('follows each person’s own choices; an admin cannot choose an executive’s kind', async () => {
    const tenant = await createTenant(t, root, 1);
    const [me] = tenant.executives;
    const defaults = await preferences(me);
    expect(defaults.status).toBe(200);
    expect(defaults.body).toEqual({
      modes: { 'task.assigned': 'instant', 'task.scored': 'instant', 'badge.awarded': 'instant', 'task.due-soon': 'instant', 'task.overdue': 'instant', 'announcement.high': 'instant' },
      digestTime: '08:00',
      timeZone: 'UTC',
    } satisfies MailPreferences);
    expect((await preferences(tenant.admin)).body.modes).toEqual({ 'task.submitted': 'digest', 'announcement.high': 'instant', 'webhook.paused': 'instant' });

    const saved = await preferences(me, { modes: { 'task.assigned': 'off', 'badge.awarded': 'digest' }, digestTime: '18:30' });
    expect(saved.status).toBe(200);
    expect(saved.body.modes).toMatchObject({ 'task.assigned': 'off', 'badge.awarded': 'digest', 'task.scored': 'instant' });
    expect(saved.body.digestTime).toBe('18:30');

    const wrongRole = await preferences(tenant.admin, { modes: { 'task.scored': 'off' } });
    expect(wrongRole.status).toBe(400);
    expect(wrongRole.body.field).toBe('modes.task.scored');
    const badMode = await preferences(me, { modes: { 'task.scored': 'sometimes' } });
    expect(badMode.status).toBe(400);
    const badTime = await preferences(me, { digestTime: '25:00' });
    expect(badTime.status).toBe(400);
    expect(badTime.body.field).toBe('digestTime');

    const task = await createTask(tenant, me, 'Quiet task');
    await submit(me, task._id);
    await score(tenant, task._id, 8, 'Good.');
    await delivered();
    // Assignment off, the badge waits for the digest: only the score arrives now.
    expect(kindsOf(me)).toEqual(['task.scored']);
  });

  it('honours the one-click unsubscribe of the List-Unsubscribe header, without signing in', async () => {
    const tenant = await createTenant(t, root, 1);
    const [me] = tenant.executives;
    const first = await createTask(tenant, me, 'First');
    await delivered();
    const [assigned] = inbox.to(me.user.email, 'task.assigned');
    expect(inbox.to(me.user.email).map((m) => m.kind)).toEqual(['task.assigned']);
    const link = new URL(assigned.listUnsubscribe.slice(1, -1));

    const forged = await t.http.post(`/api/mail/unsubscribe?token=${encodeURIComponent(link.searchParams.get('token')!.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')))}`);
    expect(forged.status).toBe(400);
    expect(forged.body.field).toBe('token');

    const res = await t.http.post(`${link.pathname}${link.search}`).type('form').send('List-Unsubscribe=One-Click');
    expect(res.status).toBe(200);
    expect(res.body.kinds).toEqual(['task.assigned']);
    expect((await preferences(me)).body.modes['task.assigned']).toBe('off');

    await createTask(tenant, me, 'Second');
    await submit(me, first._id);
    await score(tenant, first._id, 9, 'Nice.');
    await delivered();
    expect(inbox.to(me.user.email, 'task.assigned')).toHaveLength(1);
    expect(inbox.to(me.user.email, 'task.scored')).toHaveLength(1);
  });

  it("gathers a day's waiting emails into one digest at the person's time, and sends nothing when nothing waits", async () => {
    const tenant = await createTenant(t, root, 2);
    const [one, two] = tenant.executives;
    await preferences(tenant.admin, { digestTime: '09:00' });
    for (const [member, title] of [[one, 'Alpha report'], [two, 'Beta report']] as const) {
      const task = await createTask(tenant, member, title);
      await submit(member, task._id);
    }
    await delivered();
    expect(kindsOf(tenant.admin)).toEqual([]);

    const digest = t.app.get(MailDigest);
    const tomorrow = new Date(Date.now() + 24 * HOUR);
    const at = (time: string) => new Date(`${tomorrow.toISOString().slice(0, 10)}T${time}:00Z`);
    await digest.runOnce(at('08:59'));
    await delivered();
    expect(kindsOf(tenant.admin)).toEqual([]);
    await digest.runOnce(at('09:00'));
    await digest.runOnce(at('09:01'));
    await delivered();
    expect(kindsOf(tenant.admin)).toEqual(['digest']);
    const [mail] = inbox.to(tenant.admin.user.email);
    expect(mail.kind).toBe('digest');
    expect(mail.subject).toMatch(/digest for \d{4}-\d{2}-\d{2}: 2 updates$/);
    expect(mail.text).toContain('Submitted for review: Alpha report');
    expect(mail.text).toContain('Submitted for review: Beta report');
    expect(mail.text).toContain('https://kpi.example.com/admin/tasks');

    // The next day nothing happened: no digest.
    await digest.runOnce(new Date(at('09:30').getTime() + 24 * HOUR));
    await delivered();
    expect(inbox.to(tenant.admin.user.email)).toHaveLength(1);
  });

  it('reminds of a deadline 24 hours ahead and of an overdue task, once each', async () => {
    const tenant = await createTenant(t, root, 1);
    const [me] = tenant.executives;
    const deadline = new Date(Date.now() + 30 * HOUR);
    await createTask(tenant, me, 'Board deck', deadline);
    const reminders = t.app.get(DeadlineReminders);
    await reminders.runOnce(new Date(deadline.getTime() - 25 * HOUR));
    await reminders.runOnce(new Date(deadline.getTime() - 23 * HOUR));
    await reminders.runOnce(new Date(deadline.getTime() - 2 * HOUR));
    await reminders.runOnce(new Date(deadline.getTime() + HOUR));
    await reminders.runOnce(new Date(deadline.getTime() + 2 * HOUR));
    await delivered();
    expect(kindsOf(me)).toEqual(['task.assigned', 'task.due-soon', 'task.overdue']);
    expect(inbox.to(me.user.email, 'task.overdue')[0].subject).toBe('Overdue: Board deck');
  });

  it('sends nothing to a deactivated person', async () => {
    const tenant = await createTenant(t, root, 2);
    const [gone, stays] = tenant.executives;
    await t.http.put(`/api/users/${gone.user._id}`).set(bearer(tenant.admin.token)).send({ isActive: false }).expect(200);
    await announce(tenant, 'Quarterly results', 'high');
    await delivered();
    expect(kindsOf(gone)).toEqual([]);
    expect(kindsOf(stays)).toEqual(['announcement.high']);
  });

  it("tells each admin by email, once, when an integration pauses itself", async () => {
    const tenant = await createTenant(t, root, 1);
    const second = await createMember(t, root, 'admin', tenant.company._id);
    const gone = await startReceiver();
    gone.respond = () => ({ status: 410 });
    try {
      // The receiver is on 127.0.0.1: a second app with loopback allowed, on the same SMTP server.
      const hooks = await startTestApp({ SMTP_URL: inbox.url, PUBLIC_URL: 'https://kpi.example.com', MAIL_WORKERS: 'true', WEBHOOK_ALLOW_LOOPBACK: 'true' });
      try {
        const superToken = (await superadminLogin(hooks)).token;
        const other = await createTenant(hooks, superToken, 1);
        const admin2 = await createMember(hooks, superToken, 'admin', other.company._id);
        await hooks.http.post('/api/webhooks').set(bearer(other.admin.token)).send({ url: gone.url, eventTypes: ['task.assigned'] }).expect(201);
        await hooks.http
          .post('/api/tasks')
          .set(bearer(other.admin.token))
          .send({ title: 'Wake the hook', description: 'x', assignedTo: other.executives[0].user._id, deadline: new Date(Date.now() + 7 * 24 * HOUR).toISOString(), reportLink: 'https://reports.example.com/q3' })
          .expect(201);
        for (const until = Date.now() + 20_000; inbox.to(admin2.user.email, 'webhook.paused').length === 0 && Date.now() < until; ) await settle(100);
        await settle(500);
        for (const admin of [other.admin, admin2]) {
          const mails = inbox.to(admin.user.email, 'webhook.paused');
          expect(mails).toHaveLength(1);
          expect(mails[0].subject).toBe('Integration paused');
          expect(mails[0].text).toContain('The endpoint answered 410 Gone');
          expect(mails[0].text).toContain('https://kpi.example.com/admin/integrations');
        }
        expect(inbox.to(other.executives[0].user.email, 'webhook.paused')).toHaveLength(0);
      } finally {
        await hooks.close();
      }
      expect(inbox.to(second.user.email, 'webhook.paused')).toHaveLength(0);
    } finally {
      await gone.close();
    }
  });

  it('mails invitation and reset links through SMTP; forgot password mails nobody for an unknown address', async () => {
    const tenant = await createTenant(t, root, 0);
    const email = `invitee-${Date.now()}@kpi.test`;
    const created = await t.http
      .post('/api/users')
      .set(bearer(tenant.admin.token))
      .send({ name: 'Ivy Invitee', email, department: 'Sales', phoneNumber: '+1 555 0102', role: 'executive' })
      .expect(201);
    const sent = await t.http.post(`/api/users/${created.body._id}/invitation`).set(bearer(tenant.admin.token)).expect(201);
    expect(sent.body).toMatchObject({ emailed: true, message: `Invitation sent to ${email}` });
    for (const until = Date.now() + 10_000; inbox.to(email, 'auth.invite').length === 0 && Date.now() < until; ) await settle(50);
    const [invitation] = inbox.to(email, 'auth.invite');
    expect(invitation.subject).toBe(`You are invited to KPI Tracker at ${tenant.company.name}`);
    expect(invitation.text).toContain(sent.body.link);
    const token = sent.body.link.slice(sent.body.link.indexOf('#') + 1);
    await t.http.post('/api/auth/password-links/redeem').send({ token, password: 'ivy-chose-this-9' }).expect(200);
    await t.http.post('/api/auth/login').send({ email, password: 'ivy-chose-this-9' }).expect(200);

    const unknown = `nobody-${Date.now()}@kpi.test`;
    const [known, missing] = await Promise.all([
      t.http.post('/api/auth/forgot-password').send({ email }),
      t.http.post('/api/auth/forgot-password').send({ email: unknown }),
    ]);
    expect(known.status).toBe(missing.status);
    expect(known.body).toEqual(missing.body);
    for (const until = Date.now() + 10_000; inbox.to(email, 'auth.reset').length === 0 && Date.now() < until; ) await settle(50);
    expect(inbox.to(email, 'auth.reset')).toHaveLength(1);
    expect(inbox.to(email, 'auth.reset')[0].subject).toBe('Reset your KPI Tracker password');
    expect(inbox.to(unknown)).toHaveLength(0);
  });

  it('delivers once through an SMTP server that refuses twice first', async () => {
    const tenant = await createTenant(t, root, 1);
    const [me] = tenant.executives;
    const refusedBefore = inbox.refused;
    inbox.refuse(2);
    await announce(tenant, 'Retry me', 'high');
    await delivered();
    expect(inbox.refused - refusedBefore).toBe(2);
    expect(inbox.to(me.user.email)).toHaveLength(1);
    expect(inbox.to(tenant.admin.user.email)).toHaveLength(1);
    const attempts: { attempts: number | string }[] = await db().execute(`select attempts from mail_messages where user_id in (?, ?) and status = 'sent'`, [me.user._id, tenant.admin.user._id]);
    expect(attempts.reduce((sum, row) => sum + Number(row.attempts), 0)).toBe(4);
  });

  it('forgets finished mail after the retention period, never mail still waiting', async () => {
    const tenant = await createTenant(t, root, 1);
    const task = await createTask(tenant, tenant.executives[0], 'Waiting for the digest');
    await submit(tenant.executives[0], task._id);
    await delivered();
    const waiting = () => count(`select count(*) as n from mail_messages where status = 'pending'`);
    const before = await waiting();
    expect(before).toBeGreaterThan(0);
    expect(await count(`select count(*) as n from mail_messages where status = 'sent'`)).toBeGreaterThan(0);
    // Well past the retention, and past the digests the digest test dated days ahead.
    await t.app.get(MailPruner).prune(Date.now() + 60 * 24 * HOUR);
    expect(await count(`select count(*) as n from mail_messages where status <> 'pending'`)).toBe(0);
    expect(await waiting()).toBe(before);
  });
});

describe('without SMTP_URL: the developer mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ MAIL_WORKERS: 'true' });
  });
  afterAll(() => t.close());

  it('writes each email as an .eml file and lists it to the superadmin only', async () => {
    const root = (await superadminLogin(t)).token;
    const tenant = await createTenant(t, root, 1);
    await t.http.post('/api/announcements').set(bearer(tenant.admin.token)).send({ title: 'Fire drill at noon', content: 'Meet outside.', priority: 'urgent' }).expect(201);
    const subject = 'Urgent announcement: Fire drill at noon';
    let listed: { subject: string; to: string; html: string }[] = [];
    for (let i = 0; i < 100 && listed.filter((m) => m.subject === subject).length < 2; i++) {
      await settle(100);
      listed = (await t.http.get('/api/dev/mailbox').set(bearer(root)).expect(200)).body.items;
    }
    expect(listed.filter((m) => m.subject === subject).map((m) => m.to).sort()).toEqual(
      [tenant.admin, tenant.executives[0]].map((m) => `${m.user.name} <${m.user.email}>`).sort(),
    );
    expect(listed[0].html).toContain('Meet outside.');
    const files = readdirSync(join(t.dataDir, 'mail'));
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(2);
    expect(readFileSync(join(t.dataDir, 'mail', files.find((f) => f.endsWith('.eml'))!), 'utf8')).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect((await t.http.get('/api/dev/mailbox').set(bearer(tenant.admin.token))).status).toBe(403);
  });
});
