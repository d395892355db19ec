import type { EventEnvelope, EventPayloads, Leaderboard } from '@kpi/contracts';
import { MikroORM } from '@mikro-orm/sqlite';
import { monthOf } from '../../src/common/periods/periods';
import { watchStatements } from '../utils/statement-watch';
import { LiveLeaderboard } from '../../src/modules/leaderboard/live-leaderboard';
import { isSessionLookup } from '../../src/modules/users/session-users.query';
import { bearer, createTenant, superadminLogin, type Member, type Tenant } from '../utils/factories';
import { connectSocket, settle, startTestApp, type TestApp, type TestSocket } from '../utils/test-app';

const HOUR = 3600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

/**
 * What one scoring costs on the single write connection, and what it still delivers: a re-score runs a fixed,
 * small number of statements (no scorer load, no entity write-backs, one counter upsert for all its streams, no
 * live top 10 inside the transaction), and the live leaderboard still reaches the company after it, showing the
 * last scoring.
 */
describe('the cost of a scoring', () => {
  let t: TestApp;
  let root: string;
  let a: Tenant;
  let exec2: TestSocket;

  beforeAll(async () => {
    t = await startTestApp();
    root = (await superadminLogin(t)).token;
    a = await createTenant(t, root, 2);
    exec2 = await connectSocket(t, a.executives[1].token);
  });
  afterAll(async () => {
    exec2?.close();
    await t.close();
  });

  /** The live top 10 follows a scoring's commit on its own; statements are counted once it is done. */
  const liveIdle = () => t.app.get(LiveLeaderboard).idle();

  async function submitted(exec: Member, title: string, deadline = inHours(-1), tenant = a): Promise<string> {
    const created = await t.http
      .post('/api/tasks')
      .set(bearer(tenant.admin.token))
      .send({ title, description: 'Measured', assignedTo: exec.user._id, deadline, reportLink: 'https://reports.example.com/c' })
      .expect(201);
    await t.http.put(`/api/tasks/${created.body._id}/submit`).set(bearer(exec.token)).send({ content: 'Done' }).expect(200);
    return created.body._id as string;
  }

  /** The most statements the last `score` had under way at once. */
  let peakInFlight = 0;

  /** Scores as the admin, listing the statements the write connection runs meanwhile (session lookups aside). */
  async function score(taskId: string, quality: number, initiative: number, comment?: string, tenant = a): Promise<string[]> {
    const statements: string[] = [];
    let inFlight = 0;
    peakInFlight = 0;
    // Every statement: the ORM's, and those with bound parameters on the transaction's connection (database/bound-sql.ts).
    const stopWatching = watchStatements(t.app.get(MikroORM), (sql) => {
      if (!isSessionLookup(sql)) statements.push(sql.replace(/\s+/g, ' ').slice(0, 100));
      peakInFlight = Math.max(peakInFlight, ++inFlight);
      return () => void inFlight--;
    });
    try {
      await t.http.put(`/api/tasks/${taskId}/score`).set(bearer(tenant.admin.token)).send({ qualityScore: quality, initiativeScore: initiative, feedback: 'Noted.', comment }).expect(200);
      // The scoring's unit of work ends with its event log insert; the live top 10 may follow with its own.
      return statements.slice(0, statements.findIndex((s) => /^insert into `?event_log/.test(s)) + 1);
    } finally {
      stopWatching();
    }
  }

  it('a re-score runs a fixed handful of statements and writes back no untouched row', async () => {
    const taskId = await submitted(a.executives[0], 'Counted');
    await score(taskId, 6, 6, 'First look');
    await liveIdle();
    const statements = await score(taskId, 7, 7);
    // Nothing but the task itself is updated: no user, company or comment row the view needed is written back.
    // (And the audit chain's head, which moves with every audited change: docs/audit.md.)
    expect(statements.filter((s) => /^update /i.test(s))).toEqual([expect.stringMatching(/^update `?tasks`? /), 'update audit_chains set hash = ? where chain = ?']);
    // One counter upsert for every stream the scoring's events go to; the live top 10 is not read in the transaction.
    expect(statements.filter((s) => /stream_sequences/.test(s))).toHaveLength(1);
    expect(statements.filter((s) => /user_badges ub join badges|count\(\*\) as n from users/.test(s))).toEqual([]);
    // The head of the company's history chain comes with the task's read (SQLite), not in a read of its own.
    expect(statements.filter((s) => /^select chain_seq, hash from `?score_history/.test(s))).toEqual([]);
    // The audit trail's entry: one head upsert (sent with the counters), one insert (sent with the event log's).
    expect(statements.filter((s) => /audit_chains|audit_entries/.test(s))).toHaveLength(3);
    expect(statements.filter((s) => /^insert into audit_entries/.test(s))).toHaveLength(1);
    expect(statements).toHaveLength(12);
  });

  it('the live top 10 follows the commits and its last update shows the last scoring', async () => {
    const exec = a.executives[1];
    const taskId = await submitted(exec, 'Live');
    const seen = exec2.events.length;
    // Three scorings back to back: updates may be coalesced, but the last one must carry the last figures.
    for (const [q, i] of [[5, 5], [9, 9], [6, 7]]) await score(taskId, q, i);
    const month = monthOf(new Date(), 'UTC');
    const live = (await t.http.get(`/api/leaderboard/monthly/${month.year}/${month.month}`).set(bearer(a.admin.token))).body as Leaderboard;
    const mine = live.entries.find((e) => e.user._id === exec.user._id);
    expect(mine).toBeDefined();
    await exec2.waitFor('leaderboard.updated', 3000, (e) =>
      (e.payload as EventPayloads['leaderboard.updated']).top10.find((x) => x.user._id === exec.user._id)?.totalScore === mine!.totalScore);
    await settle();
    const updates = exec2.events.slice(seen).filter((e) => e.type === 'leaderboard.updated') as EventEnvelope<'leaderboard.updated'>[];
    expect(updates.at(-1)!.payload.top10).toEqual(live.entries.slice(0, 10));
    expect(updates.at(-1)!.companyId).toBe(a.company._id);
  });

  it('an unchanged top 10 is not sent again', async () => {
    const taskId = await submitted(a.executives[0], 'Same again');
    await score(taskId, 8, 8);
    await liveIdle();
    await settle();
    const before = exec2.events.filter((e) => e.type === 'leaderboard.updated').length;
    // The same figures again: the standings do not move, so there is nothing new to show.
    await score(taskId, 8, 8);
    await liveIdle();
    await settle();
    expect(exec2.events.filter((e) => e.type === 'leaderboard.updated')).toHaveLength(before);
  });

  it('a first perfect scoring writes its three notifications in one insert, each with the unread count as of it, and reads no badge catalogue', async () => {
    const b = await createTenant(t, root, 2);
    const [warm, fresh] = b.executives;
    // Perfect (10/10, on time) and a first task: two badges, so three notifications with the scoring's own.
    await score(await submitted(warm, 'Warm-up', inHours(2), b), 10, 10, undefined, b);
    const socket = await connectSocket(t, fresh.token);
    try {
      const statements = await score(await submitted(fresh, 'Perfect', inHours(2), b), 10, 10, undefined, b);
      // The unread counts come back from that insert: no count of their own.
      expect(statements.filter((s) => /^insert into `?notifications/.test(s))).toHaveLength(1);
      expect(statements.filter((s) => /^select .*from `?notifications/.test(s))).toEqual([]);
      // Its writes (task, history, both aggregates, badges) are under way together, not one after another.
      expect(peakInFlight).toBeGreaterThanOrEqual(4);
      // The catalogue is read once per process, not on every scoring that earns a badge.
      expect(statements.filter((s) => /from `?badges`?/.test(s))).toEqual([]);
      // The audit entries of the badges name the assignee from the task's read: no user is read for them.
      expect(statements.filter((s) => /from `?users`?/.test(s))).toEqual([]);
      await socket.waitFor('notification.created', 3000, (e) => (e.payload as EventPayloads['notification.created']).unread === 4);
      const told = socket.events.filter((e) => e.type === 'notification.created') as EventEnvelope<'notification.created'>[];
      expect(told.map((e) => [e.payload.notification.kind, e.payload.unread])).toEqual([
        ['task.assigned', 1],
        ['task.scored', 2],
        ['badge.awarded', 3],
        ['badge.awarded', 4],
      ]);
      expect(socket.events.filter((e) => e.type === 'badge.awarded')).toHaveLength(2);
      const bell = await t.http.get('/api/notifications').set(bearer(fresh.token)).expect(200);
      expect(bell.body.unread).toBe(4);
    } finally {
      socket.close();
    }
  });
});
