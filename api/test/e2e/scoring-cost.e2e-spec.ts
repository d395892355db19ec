import type { EventEnvelope, EventPayloads, Leaderboard } from '@kpi/contracts';
import { MikroORM } from '@mikro-orm/sqlite';
import { monthOf } from '../../src/common/periods/periods';
import { SESSION_SQL } from '../../src/modules/users/session-users.query';
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
  let a: Tenant;
  let exec2: TestSocket;

  beforeAll(async () => {
    t = await startTestApp();
    const root = (await superadminLogin(t)).token;
    a = await createTenant(t, root, 2);
    exec2 = await connectSocket(t, a.executives[1].token);
  });
  afterAll(async () => {
    exec2?.close();
    await t.close();
  });

  const connection = () => t.app.get(MikroORM).em.getConnection();

  async function submitted(exec: Member, title: string): Promise<string> {
    const created = await t.http
      .post('/api/tasks')
      .set(bearer(a.admin.token))
      .send({ title, description: 'Measured', assignedTo: exec.user._id, deadline: inHours(-1), reportLink: 'https://reports.example.com/c' })
      .expect(201);
    await t.http.put(`/api/tasks/${created.body._id}/submit`).set(bearer(exec.token)).send({ content: 'Done' }).expect(200);
    return created.body._id as string;
  }

  /** Scores as the admin, listing the statements the write connection runs meanwhile (session lookups aside). */
  async function score(taskId: string, quality: number, initiative: number): Promise<string[]> {
    const conn = connection();
    const original = conn.execute.bind(conn);
    const statements: string[] = [];
    conn.execute = ((...args: Parameters<typeof original>) => {
      const [query] = args;
      const sql = typeof query === 'string' ? query : (query as { toSQL(): { sql: string } }).toSQL().sql;
      if (sql !== SESSION_SQL) statements.push(sql.replace(/\s+/g, ' ').slice(0, 100));
      return original(...args);
    }) as typeof conn.execute;
    try {
      await t.http.put(`/api/tasks/${taskId}/score`).set(bearer(a.admin.token)).send({ qualityScore: quality, initiativeScore: initiative, feedback: 'Noted.' }).expect(200);
      return statements;
    } finally {
      conn.execute = original;
    }
  }

  it('a re-score runs a fixed handful of statements and writes back no untouched row', async () => {
    const taskId = await submitted(a.executives[0], 'Counted');
    await score(taskId, 6, 6);
    await settle();
    const statements = await score(taskId, 7, 7);
    console.log(statements.join('\n'));
    expect(statements.filter((s) => /^update `?(users|companies)`?/i.test(s))).toEqual([]);
    expect(statements.filter((s) => /stream_sequences/.test(s))).toHaveLength(1);
    expect(statements.length).toBeLessThanOrEqual(14);
  });
});
