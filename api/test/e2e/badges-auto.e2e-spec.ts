import { EntityManager, MikroORM } from '@mikro-orm/sqlite';
import type { EventEnvelope, EventPayloads, Leaderboard, Task, UserBadge } from '@kpi/contracts';
import { hashPassword } from '../../src/common/auth/passwords';
import { seedBadges } from '../../src/seed/demo-badges';
import { seedPeople, type DemoPeople } from '../../src/seed/demo-people';
import { seedTasks } from '../../src/seed/demo-tasks';
import { EventLog } from '../../src/events/event-log.entity';
import { UserBadge as UserBadgeRow } from '../../src/modules/badges/user-badge.entity';
import { LeaderboardSnapshot } from '../../src/modules/leaderboard/leaderboard-snapshot.entity';
import { lastCompleteMonths, monthOf } from '../../src/common/periods/periods';
import { Notification } from '../../src/modules/notifications/notification.entity';
import { bearer, createTenant, superadminLogin, type Member, type Tenant } from '../utils/factories';
import { connectSocket, login, settle, startTestApp, type TestApp, type TestSocket } from '../utils/test-app';

/** The demo people are seeded directly here, with a password of the test's choosing. */
const DEMO_PASSWORD = 'seeded-people-password-1';

const HOUR = 3600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
type Awarded = EventPayloads['badge.awarded'];

describe('automatic badges', () => {
  let t: TestApp;
  let rootToken: string;

  beforeAll(async () => {
    t = await startTestApp();
    rootToken = (await superadminLogin(t)).token;
  });
  afterAll(() => t.close());

  describe('when a task is scored', () => {
    let a: Tenant;
    let b: Tenant;
    let exec1: TestSocket, exec2: TestSocket, adminA: TestSocket, adminB: TestSocket, execB: TestSocket;

    beforeAll(async () => {
      a = await createTenant(t, rootToken, 2);
      b = await createTenant(t, rootToken, 1);
      [exec1, exec2, adminA, adminB, execB] = await Promise.all([
        connectSocket(t, a.executives[0].token),
        connectSocket(t, a.executives[1].token),
        connectSocket(t, a.admin.token),
        connectSocket(t, b.admin.token),
        connectSocket(t, b.executives[0].token),
      ]);
    });
    afterAll(() => [exec1, exec2, adminA, adminB, execB].forEach((s) => s?.close()));

    async function scored(exec: Member, quality: number, initiative: number, deadlineHours: number, title = 'Badge task'): Promise<Task> {
      const created = await t.http
        .post('/api/tasks')
        .set(bearer(a.admin.token))
        .send({ title, description: 'Earn something', assignedTo: exec.user._id, deadline: inHours(deadlineHours), reportLink: 'https://reports.example.com/b' });
      await t.http.put(`/api/tasks/${created.body._id}/submit`).set(bearer(exec.token)).send({ content: 'Done' }).expect(200);
      return (await t.http.put(`/api/tasks/${created.body._id}/score`).set(bearer(a.admin.token)).send({ qualityScore: quality, initiativeScore: initiative, feedback: 'Noted.' }).expect(200)).body;
    }
    const awards = (s: TestSocket, taskTitle?: string) =>
      s.events.filter((e) => e.type === 'badge.awarded' && (!taskTitle || (e.payload as Awarded).userBadge.reason?.includes(taskTitle))).map((e) => (e.payload as Awarded).userBadge.badge._id);
    const badgesOf = async (m: Member) => ((await t.http.get(`/api/badges/user/${m.user._id}`).set(bearer(m.token))).body as UserBadge[]).map((x) => x.badge._id).sort();

    it('a perfect score handed in a day early earns first-task, perfect-score and early-bird, told to the executive and the admins', async () => {
      const [me] = a.executives;
      const task = await scored(me, 10, 10, 30, 'Perfect early work');
      expect(task.scoring?.totalScore).toBe(10);

      await exec1.waitFor('badge.awarded', 3000, () => awards(exec1).length === 3);
      expect(awards(exec1).sort()).toEqual(['early-bird', 'first-task', 'perfect-score']);
      await adminA.waitFor('badge.awarded', 3000, () => awards(adminA).length === 3);
      const perfect = exec1.events.find((e) => e.type === 'badge.awarded' && (e.payload as Awarded).userBadge.badge._id === 'perfect-score')!;
      expect(perfect.payload).toEqual({
        userId: me.user._id,
        userBadge: { _id: expect.any(String), badge: { _id: 'perfect-score', icon: '💯', name: 'Perfect Score', description: expect.any(String) }, awardedAt: expect.any(String), reason: 'Scored 10/10 on "Perfect early work"' },
      });
      expect(await badgesOf(me)).toEqual(['early-bird', 'first-task', 'perfect-score']);

      // A notification per badge, opening the profile.
      const notes = await t.http.get('/api/notifications').set(bearer(me.token));
      const badgeNotes = notes.body.items.filter((n: { kind: string }) => n.kind === 'badge.awarded');
      expect(badgeNotes.map((n: { title: string; link: string }) => [n.title, n.link]).sort()).toEqual([
        ['Badge earned: Early Bird', '/executive/profile'],
        ['Badge earned: First Task', '/executive/profile'],
        ['Badge earned: Perfect Score', '/executive/profile'],
      ]);
      expect(badgeNotes.find((n: { title: string }) => n.title === 'Badge earned: Perfect Score').body).toBe('💯 Scored 10/10 on "Perfect early work"');

      await settle();
      expect(awards(exec2)).toEqual([]);
      for (const s of [adminB, execB]) expect(s.events.filter((e) => e.type === 'badge.awarded' || e.companyId === a.company._id)).toEqual([]);
    });

    it('re-scoring awards nothing twice; an ordinary task later earns nothing; first-task is once ever', async () => {
      const [me] = a.executives;
      const task = await scored(me, 10, 10, 30, 'Scored twice');
      await exec1.waitFor('badge.awarded', 3000, () => awards(exec1, 'Scored twice').length === 2);
      await t.http.put(`/api/tasks/${task._id}/score`).set(bearer(a.admin.token)).send({ qualityScore: 10, initiativeScore: 10, feedback: 'Still perfect.' }).expect(200);
      await t.http.put(`/api/tasks/${task._id}/score`).set(bearer(a.admin.token)).send({ qualityScore: 5, initiativeScore: 5, feedback: 'Revised down.' }).expect(200);
      await scored(me, 7, 7, 12, 'Ordinary work');
      await settle();
      expect(awards(exec1, 'Scored twice').sort()).toEqual(['early-bird', 'perfect-score']);
      expect(awards(exec1, 'Ordinary work')).toEqual([]);
      expect(awards(exec1).filter((id) => id === 'first-task')).toHaveLength(1);
      // Awards are never taken back: the revised-down task keeps its perfect-score badge.
      const rows = await t.app.get(MikroORM).em.fork().find(UserBadgeRow, { user: me.user._id });
      const held = rows.map((r) => `${r.badge.id}@${r.period}`);
      expect(held).toEqual(expect.arrayContaining(['first-task@all', `perfect-score@task:${task._id}`, `early-bird@task:${task._id}`]));
      expect(rows).toHaveLength(5);
    });

    it('late work earns first-task only', async () => {
      const [, other] = a.executives;
      await scored(other, 10, 10, -5, 'Late but perfect');
      await exec2.waitFor('badge.awarded', 3000, () => awards(exec2).length >= 1);
      await settle();
      // 0.4·10 + 0.4·8 + 0.2·10 = 9.2: not perfect, and late is not early.
      expect(awards(exec2)).toEqual(['first-task']);
    });

    it('every scoring publishes the current month top 10 to the whole company', async () => {
      const before = exec2.events.filter((e) => e.type === 'leaderboard.updated').length;
      await scored(a.executives[1], 8, 6, 12, 'Moves the board');
      await exec2.waitFor('leaderboard.updated', 3000, () => exec2.events.filter((e) => e.type === 'leaderboard.updated').length > before);
      const latest = exec2.events.filter((e) => e.type === 'leaderboard.updated').at(-1) as EventEnvelope<'leaderboard.updated'>;
      const current = monthOf(new Date(), 'UTC');
      expect(latest.payload.period).toEqual(current);
      expect(latest.payload.totalExecutives).toBe(2);
      const live = (await t.http.get(`/api/leaderboard/monthly/${current.year}/${current.month}`).set(bearer(a.admin.token))).body as Leaderboard;
      expect(latest.payload.top10).toEqual(live.entries);
      expect(latest.companyId).toBe(a.company._id);
      await adminA.waitFor('leaderboard.updated');
      await settle();
      for (const s of [adminB, execB]) expect(s.events.filter((e) => e.type === 'leaderboard.updated')).toEqual([]);
    });
  });

  describe('demo seed', () => {
    let people: DemoPeople;
    let em: EntityManager;
    let eventsBefore: number;
    const now = new Date();

    beforeAll(async () => {
      em = t.app.get(MikroORM).em.fork() as EntityManager;
      people = await seedPeople(em, await hashPassword(DEMO_PASSWORD), new Date(Date.now() - 365 * 24 * HOUR));
      await seedTasks(em, people, now);
      eventsBefore = await em.count(EventLog, {});
      await seedBadges(em, people, now);
    });

    it('records no events and no notifications', async () => {
      expect(await em.fork().count(EventLog, {})).toBe(eventsBefore);
      const userIds = people.companies.flatMap((c) => c.executives.map((e) => e.id));
      expect(await em.fork().count(Notification, { user: { $in: userIds }, kind: 'badge.awarded' })).toBe(0);
    });

    it('gives every executive with a scored task first-task, dated when it was earned, and profiles show badges', async () => {
      const { company, executives } = people.companies[0];
      const rows = await em.fork().find(UserBadgeRow, { company }, { populate: ['badge'] });
      for (const exec of executives) {
        const firsts = rows.filter((r) => r.user.id === exec.id && r.badge.id === 'first-task');
        expect(firsts).toHaveLength(1);
        expect(firsts[0].awardedAt.getTime()).toBeLessThan(now.getTime());
      }
      expect(rows.some((r) => r.badge.id === 'early-bird')).toBe(true);
      const session = await login(t, executives[0].email, DEMO_PASSWORD);
      const mine = await t.http.get(`/api/badges/user/${executives[0].id}`).set(bearer(session.token));
      expect(mine.body.length).toBeGreaterThan(0);
    });

    it('publishes the last three complete months of every company, with their period badges', async () => {
      for (const { company, admin } of people.companies) {
        const months = lastCompleteMonths(company.timeZone, now, 3);
        const snapshots = await em.fork().find(LeaderboardSnapshot, { company }, { orderBy: { periodKey: 'asc' } });
        expect(snapshots.map((s) => s.periodKey)).toEqual(months.map((m) => m.key));
        for (const [i, s] of snapshots.entries()) {
          expect(s.entries.length).toBeGreaterThan(0);
          expect(s.generatedAt.getTime()).toBeGreaterThan(months[i].end.getTime());
          expect(s.generatedById).toBe(admin.id);
          const top = s.entries.filter((e) => e.rank === 1).map((e) => e.user._id);
          const holders = (await em.fork().find(UserBadgeRow, { company, badge: 'top-performer', period: s.periodKey })).map((r) => r.user.id);
          expect(holders.sort()).toEqual(top.sort());
          expect(await em.fork().count(UserBadgeRow, { company, badge: 'podium', period: s.periodKey })).toBe(s.entries.filter((e) => e.rank <= 3).length);
        }
        const session = await login(t, admin.email, DEMO_PASSWORD);
        const [m] = months.slice(-1);
        const board = await t.http.get(`/api/leaderboard/monthly/${m.year}/${m.month}`).set(bearer(session.token));
        expect(board.body.generatedAt).toBe(snapshots[2].generatedAt.toISOString());
        expect(board.body.entries.map((e: { user: { _id: string } }) => e.user._id)).toEqual(snapshots[2].entries.map((e) => e.user._id));
      }
    });
  });
});
