import { EntityManager, MikroORM } from '@mikro-orm/sqlite';
import type { ScoreHistoryEntry, Task } from '@kpi/contracts';
import { hashPassword } from '../../src/common/auth/passwords';
import { seedPeople, type DemoPeople } from '../../src/seed/demo-people';
import { seedTasks } from '../../src/seed/demo-tasks';
import { EventLog } from '../../src/events/event-log.entity';
import { ScoreHistory } from '../../src/modules/tasks/score-history.entity';
import { bearer } from '../utils/factories';
import { login, startTestApp, type TestApp } from '../utils/test-app';

/** The demo people are seeded directly here, with a password of the test's choosing. */
const DEMO_PASSWORD = 'seeded-people-password-1';

describe('demo tasks', () => {
  let t: TestApp;
  let people: DemoPeople;
  let eventsBefore: number;
  let em: EntityManager;

  beforeAll(async () => {
    t = await startTestApp();
    em = t.app.get(MikroORM).em.fork() as EntityManager;
    people = await seedPeople(em, await hashPassword(DEMO_PASSWORD), new Date(Date.now() - 365 * 24 * 3600 * 1000));
    eventsBefore = await em.count(EventLog, {});
    await seedTasks(em, people);
  });
  afterAll(() => t.close());

  const tasksOf = async (index: number): Promise<Task[]> => {
    const { admin } = people.companies[index];
    const session = await login(t, admin.email, DEMO_PASSWORD);
    // Every page of the company's list (docs/paging.md).
    const tasks: Task[] = [];
    let cursor: string | undefined;
    do {
      const res = await t.http.get('/api/tasks').query({ limit: 200, ...(cursor ? { cursor } : {}) }).set(bearer(session.token));
      expect(res.status).toBe(200);
      tasks.push(...res.body);
      cursor = res.headers['x-next-cursor'];
    } while (cursor);
    return tasks;
  };

  it('emits no events', async () => {
    expect(await em.fork().count(EventLog, {})).toBe(eventsBefore);
  });

  it.each([0, 1, 2])('company %p has tasks for every executive in every state, with plausible content', async (index) => {
    const tasks = await tasksOf(index);
    const { executives, company } = people.companies[index];
    expect(new Set(tasks.map((x) => x.assignedTo?._id))).toEqual(new Set(executives.map((e) => e.id)));
    expect(tasks.every((x) => x.company === company.id)).toBe(true);
    const statuses = new Set(tasks.map((x) => x.status));
    for (const status of ['pending', 'in-progress', 'overdue', 'submitted', 'completed']) expect(statuses).toContain(status);
    expect(tasks.every((x) => x.reportLink.startsWith('https://reports.example.com/'))).toBe(true);
    expect(tasks.every((x) => x.title.length > 5 && x.description.length > 20)).toBe(true);

    // The states are consistent with the rules.
    for (const x of tasks) {
      if (x.status === 'completed') expect(x.scoring && x.submission).toBeTruthy();
      if (x.status === 'submitted') expect(x.submission && !x.scoring).toBeTruthy();
      if (x.status === 'overdue') expect(new Date(x.deadline).getTime()).toBeLessThan(Date.now());
      if (x.scoring) {
        const late = new Date(x.submission!.submittedAt) > new Date(x.deadline);
        expect(x.scoring.timeScore).toBe(late ? 8 : 10);
        expect(x.scoring.totalScore).toBeCloseTo(Math.round((0.4 * x.scoring.qualityScore + 0.4 * x.scoring.timeScore + 0.2 * x.scoring.initiativeScore) * 10) / 10, 5);
        expect(new Date(x.scoring.scoredAt).getTime()).toBeGreaterThanOrEqual(new Date(x.submission!.submittedAt).getTime());
        expect(new Date(x.scoring.scoredAt).getTime()).toBeLessThanOrEqual(Date.now());
      }
    }
    const scored = tasks.filter((x) => x.scoring);
    expect(scored.some((x) => x.scoring!.timeScore === 8)).toBe(true);
    expect(tasks.some((x) => x.comments.length > 0)).toBe(true);
    const months = new Set(scored.map((x) => x.scoring!.scoredAt.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(10);

    // Executives differ: their averages spread over more than a point.
    const averages = executives.map((e) => {
      const mine = scored.filter((x) => x.assignedTo?._id === e.id);
      return mine.reduce((sum, x) => sum + x.scoring!.totalScore, 0) / mine.length;
    });
    expect(Math.max(...averages) - Math.min(...averages)).toBeGreaterThan(1);
  });

  it('every scored task has its scoring in the history', async () => {
    const tasks = await tasksOf(0);
    const scored = tasks.filter((x) => x.scoring);
    const rows = await em.fork().find(ScoreHistory, { taskId: { $in: scored.map((x) => x._id) } });
    expect(new Set(rows.map((r) => r.taskId)).size).toBe(scored.length);
    const session = await login(t, people.companies[0].admin.email, DEMO_PASSWORD);
    const history = await t.http.get(`/api/tasks/${scored[0]._id}/history`).set(bearer(session.token));
    const latest = (history.body as ScoreHistoryEntry[])[0];
    expect(latest.next.totalScore).toBe(scored[0].scoring!.totalScore);
  });
});
