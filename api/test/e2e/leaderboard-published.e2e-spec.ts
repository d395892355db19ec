import { publishedLeaderboardSchema, type PublishedLeaderboard, type Task } from '@kpi/contracts';
import { bearer, startTwoCompanies, type Member, type Tenant } from '../utils/factories';
import type { TestApp } from '../utils/test-app';

const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

describe('published leaderboards', () => {
  let t: TestApp;
  let root: string;
  let a: Tenant;
  let b: Tenant;
  let first: Member;
  let second: Member;
  let firstTask: Task;
  const now = new Date();
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  const monthly = `/api/leaderboard/published/monthly/${year}/${month}`;
  const get = (path: string, token: string) => t.http.get(path).set(bearer(token));
  const names = (board: PublishedLeaderboard) => board.entries.map((e) => [e.rank, e.user.name, e.totalScore]);

  /** Creates, submits and scores a task for `exec` (on time: total = 0.4·quality + 4 + 0.2·initiative). */
  async function scored(tenant: Tenant, exec: Member, quality: number, initiative: number): Promise<Task> {
    const created = await t.http
      .post('/api/tasks')
      .set(bearer(tenant.admin.token))
      .send({ title: `Work of ${exec.user.name}`, description: 'Scored for the snapshot', assignedTo: exec.user._id, deadline: inHours(12), reportLink: 'https://reports.example.com/p' })
      .expect(201);
    await t.http.put(`/api/tasks/${created.body._id}/submit`).set(bearer(exec.token)).send({ content: 'Done' }).expect(200);
    const res = await t.http.put(`/api/tasks/${created.body._id}/score`).set(bearer(tenant.admin.token)).send({ qualityScore: quality, initiativeScore: initiative, feedback: 'Noted.' }).expect(200);
    return res.body;
  }

  beforeAll(async () => {
    ({ t, root, a, b } = await startTwoCompanies());
    [first, second] = a.executives;
    firstTask = await scored(a, first!, 10, 10); // 10
    await scored(a, second!, 5, 5); // 7
    await t.http.post('/api/leaderboard/generate').set(bearer(a.admin.token)).send({ type: 'monthly', year, month }).expect(201);
  });
  afterAll(() => t.close());

  it('reads the published snapshot back with its stamp, for the admin and the executives', async () => {
    const res = await get(monthly, a.admin.token).expect(200);
    const board = publishedLeaderboardSchema.parse(res.body);
    expect(board).toMatchObject({ type: 'monthly', period: { year, month }, totalExecutives: 2 });
    expect(names(board)).toEqual([
      [1, first!.user.name, 10],
      [2, second!.user.name, 7],
    ]);
    expect(Date.parse(board.publishedAt)).toBeLessThanOrEqual(Date.now());
    expect((await get(monthly, second!.token).expect(200)).body).toEqual(res.body);
  });

  it('stays as published after later scores and deletions, while the live board moves', async () => {
    await scored(a, second!, 10, 10); // second now averages 8.5 live
    await t.http.delete(`/api/tasks/${firstTask._id}`).set(bearer(a.admin.token)).expect(200);
    const live = (await get(`/api/leaderboard/monthly/${year}/${month}`, a.admin.token).expect(200)).body;
    expect(live.entries.map((e: { user: { name: string } }) => e.user.name)).toEqual([second!.user.name]);

    const board = publishedLeaderboardSchema.parse((await get(monthly, a.admin.token).expect(200)).body);
    expect(names(board)).toEqual([
      [1, first!.user.name, 10],
      [2, second!.user.name, 7],
    ]);
  });

  it('downloads the snapshot as CSV', async () => {
    const res = await get(`${monthly}?format=csv`, a.admin.token).expect(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.text).toMatch(/published \d{4}-\d\d-\d\dT/);
    const rows = res.text.split(/\r?\n/).filter((line) => /^\d+,/.test(line));
    // rank, name, department, totalScore
    expect(rows.map((r) => r.split(',').slice(0, 4))).toEqual([
      ['1', first!.user.name, 'Sales', '10.0'],
      ['2', second!.user.name, 'Sales', '7.0'],
    ]);
  });

  it('answers 404 for a period never published, and a yearly board reads the same way', async () => {
    expect((await get(`/api/leaderboard/published/monthly/${year - 1}/${month}`, a.admin.token).expect(404)).body.message).toBe('Published leaderboard not found');
    await get(`/api/leaderboard/published/yearly/${year}`, a.admin.token).expect(404);
    await t.http.post('/api/leaderboard/generate').set(bearer(a.admin.token)).send({ type: 'yearly', year }).expect(201);
    const yearly = publishedLeaderboardSchema.parse((await get(`/api/leaderboard/published/yearly/${year}`, a.admin.token).expect(200)).body);
    expect(yearly).toMatchObject({ type: 'yearly', period: { year } });
    expect(yearly.period.month).toBeUndefined();
  });

  it("never shows one company's snapshot to another: naming it or asking for the same period answers 404", async () => {
    await get(monthly, b.admin.token).expect(404);
    await get(monthly, b.executives[0].token).expect(404);
    await get(`${monthly}?company=${a.company._id}`, b.admin.token).expect(404);
    await get(`${monthly}?company=${a.company._id}&format=csv`, b.executives[0].token).expect(404);
  });

  it('lets the superadmin read a named company, and asks them to name one', async () => {
    expect((await get(monthly, root).expect(400)).body.message).toBe('Company is required');
    const board = publishedLeaderboardSchema.parse((await get(`${monthly}?company=${a.company._id}`, root).expect(200)).body);
    expect(board.entries).toHaveLength(2);
  });

  it('refuses a bad period with a 400 naming the field', async () => {
    const res = await get(`/api/leaderboard/published/monthly/${year}/13`, a.admin.token).expect(400);
    expect(JSON.stringify(res.body)).toMatch(/month/i);
  });
});
