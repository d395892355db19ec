import { PAIRING_SECRET_HEADER, formatPairingCode, taskSchema, type Task } from '@kpi/contracts';
import type { z } from 'zod';
import { bearer, createTenant, superadminLogin, type Tenant } from '../utils/factories';
import { routeTable, type Route } from '../utils/route-table';
import { strictSchema } from '../utils/strict-schema';
import { startTestApp, type TestApp } from '../utils/test-app';

/**
 * Every JSON answer of every GET route, and every task a write answers, parsed with the contract's own schema
 * (the route's `@Responds`) made strict at every depth: a field the contract names but the answer lacks fails,
 * and so does one the answer carries but the contract does not name. Lists are filled first, so no shape hides
 * in an empty list.
 */

interface Call {
  /** The route as Nest registered it, e.g. `GET /api/tasks/user/:userId`. */
  route: string;
  url: string;
  token: string;
  /** Why a list in this answer may be empty here (each list must otherwise hold at least one item). */
  mayBeEmpty?: string;
}

/** GET routes this suite does not call, and why. */
const NOT_CALLED: Record<string, string> = {
  'GET /api/webhooks': 'needs a receiving endpoint; webhooks.e2e-spec.ts runs one',
  'GET /api/webhooks/:id/attempts': 'needs a receiving endpoint; webhooks.e2e-spec.ts runs one',
};

describe('every answer has exactly the fields of its contract', () => {
  let t: TestApp;
  let root: string;
  let tenant: Tenant;
  let routes: Route[];
  const writes: { what: string; body: unknown }[] = [];
  const ids = { scored: '', open: '', importJob: '' };
  /** Answers read while filling the data: a screen's pairing answers its token once. */
  const readBefore: Record<string, unknown> = {};
  let wallToken = '';

  beforeAll(async () => {
    t = await startTestApp();
    routes = routeTable(t.app);
    root = (await superadminLogin(t)).token;
    tenant = await createTenant(t, root, 2);
    const [erin, finn] = tenant.executives;
    const admin = bearer(tenant.admin.token);
    const deadline = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const task = async (what: string, res: { status: number; body: Task }) => {
      expect(res.status).toBeLessThan(300);
      writes.push({ what, body: res.body });
      return res.body;
    };

    // A task through its whole life (created, edited, submitted, scored with a comment), and one left open.
    const scored = await task('POST /api/tasks', await t.http.post('/api/tasks').set(admin).send({ title: 'Quarterly report', description: 'Numbers', assignedTo: erin.user._id, deadline, reportLink: 'https://example.com/r' }));
    await task('PUT /api/tasks/:id', await t.http.put(`/api/tasks/${scored._id}`).set(admin).send({ title: 'Quarterly report (final)' }));
    await task('PUT /api/tasks/:id/submit', await t.http.put(`/api/tasks/${scored._id}/submit`).set(bearer(erin.token)).send({ content: 'Done' }));
    await task('PUT /api/tasks/:id/score', await t.http.put(`/api/tasks/${scored._id}/score`).set(admin).send({ qualityScore: 8, initiativeScore: 7, feedback: 'Good', comment: 'Well done' }));
    const open = await task('POST /api/tasks', await t.http.post('/api/tasks').set(admin).send({ title: 'Plan', description: 'Next quarter', assignedTo: finn.user._id, deadline, reportLink: 'https://example.com/p' }));
    ids.scored = scored._id;
    ids.open = open._id;

    await t.http.post('/api/announcements').set(admin).send({ title: 'Welcome', content: 'Hello all', isPinned: true }).expect(201);
    await t.http.post('/api/badges/assign').set(admin).send({ userId: erin.user._id, badgeId: 'recognition', reason: 'Helped' }).expect(201);
    const now = new Date();
    await t.http.post('/api/leaderboard/generate').set(admin).send({ type: 'monthly', year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 }).expect(201);
    await t.http.post('/api/leaderboard/generate').set(admin).send({ type: 'yearly', year: now.getUTCFullYear() }).expect(201);

    const file = Buffer.from('name,email,department,phoneNumber\nIvo Ivić,ivo-contract@kpi.test,Ops,+1 555 0101\n').toString('base64');
    ids.importJob = (await t.http.post('/api/imports').set(admin).send({ kind: 'executives', fileName: 'people.csv', file }).expect(201)).body.id;

    const pairing = (await t.http.post('/api/walls/pairings').expect(201)).body;
    await t.http.post('/api/walls/claim').set(admin).send({ code: formatPairingCode(pairing.code), name: 'Lobby' }).expect(201);
    const picked = await t.http.get(`/api/walls/pairings/${pairing.pairingId}`).set(PAIRING_SECRET_HEADER, pairing.secret).expect(200);
    readBefore['GET /api/walls/pairings/:pairingId'] = picked.body;
    wallToken = picked.body.displayToken;
  });
  afterAll(() => t.close());

  const calls = (): Call[] => {
    const [erin] = tenant.executives;
    const company = tenant.company._id;
    const admin = tenant.admin.token;
    const year = new Date().getUTCFullYear();
    const month = new Date().getUTCMonth() + 1;
    return [
      { route: 'GET /api/health', url: '/api/health', token: root },
      { route: 'GET /api/auth/verify', url: '/api/auth/verify', token: erin.token },
      { route: 'GET /api/companies', url: '/api/companies', token: root },
      { route: 'GET /api/companies/:companyId/sign-in', url: `/api/companies/${company}/sign-in`, token: admin, mayBeEmpty: 'no single sign-on is set up' },
      { route: 'GET /api/users', url: '/api/users', token: admin },
      { route: 'GET /api/users/company/:companyId', url: `/api/users/company/${company}`, token: root },
      { route: 'GET /api/tasks', url: '/api/tasks', token: admin },
      { route: 'GET /api/tasks/summary', url: '/api/tasks/summary', token: admin },
      { route: 'GET /api/tasks/user/:userId', url: `/api/tasks/user/${erin.user._id}`, token: erin.token },
      { route: 'GET /api/tasks/:id/history', url: `/api/tasks/${ids.scored}/history`, token: admin },
      { route: 'GET /api/score-history/verify', url: '/api/score-history/verify', token: admin },
      { route: 'GET /api/announcements', url: '/api/announcements', token: erin.token },
      { route: 'GET /api/notifications', url: '/api/notifications', token: erin.token },
      { route: 'GET /api/notification-preferences', url: '/api/notification-preferences', token: erin.token },
      { route: 'GET /api/badges', url: '/api/badges', token: erin.token },
      { route: 'GET /api/badges/user/:userId', url: `/api/badges/user/${erin.user._id}`, token: erin.token },
      { route: 'GET /api/leaderboard/monthly/:year/:month', url: `/api/leaderboard/monthly/${year}/${month}`, token: admin },
      { route: 'GET /api/leaderboard/yearly/:year', url: `/api/leaderboard/yearly/${year}`, token: admin },
      { route: 'GET /api/leaderboard/top10/:companyId', url: `/api/leaderboard/top10/${company}`, token: erin.token },
      { route: 'GET /api/leaderboard/published/monthly/:year/:month', url: `/api/leaderboard/published/monthly/${year}/${month}`, token: erin.token },
      { route: 'GET /api/leaderboard/published/yearly/:year', url: `/api/leaderboard/published/yearly/${year}`, token: erin.token },
      { route: 'GET /api/kpi/executive/:id', url: `/api/kpi/executive/${erin.user._id}`, token: erin.token },
      { route: 'GET /api/kpi/company/:id', url: `/api/kpi/company/${company}`, token: admin },
      { route: 'GET /api/kpi/overall', url: '/api/kpi/overall', token: root },
      { route: 'GET /api/audit', url: '/api/audit', token: admin },
      { route: 'GET /api/audit/verify', url: '/api/audit/verify', token: admin },
      { route: 'GET /api/events', url: '/api/events', token: admin },
      { route: 'GET /api/imports', url: '/api/imports', token: admin },
      { route: 'GET /api/imports/:id', url: `/api/imports/${ids.importJob}`, token: admin, mayBeEmpty: 'a job just started may have no rejected rows yet' },
      { route: 'GET /api/walls', url: '/api/walls', token: admin },
      { route: 'GET /api/walls/me/board', url: '/api/walls/me/board', token: wallToken, mayBeEmpty: 'the board shows what the company has' },
      { route: 'GET /api/dev/mailbox', url: '/api/dev/mailbox', token: root, mayBeEmpty: 'the mail workers are off in the suites' },
    ];
  };

  /** The route's contract schema, strict at every depth. */
  const schemaOf = (name: string): z.ZodType => {
    const route = routes.find((r) => `${r.method.toUpperCase()} ${r.path}` === name);
    if (!route?.responds) throw new Error(`${name}: no such route, or it declares no answer`);
    return strictSchema(route.responds.schema);
  };

  /** What the parse found wrong, one line per issue, with the path of the field. */
  const problems = (schema: z.ZodType, body: unknown): string[] => {
    const result = schema.safeParse(body);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`);
  };

  /** The lists of an answer: the answer itself, or its fields that are lists. */
  const emptyLists = (body: unknown): string[] => {
    if (Array.isArray(body)) return body.length === 0 ? ['(answer)'] : [];
    if (!body || typeof body !== 'object') return [];
    return Object.entries(body).filter(([, v]) => Array.isArray(v) && v.length === 0).map(([k]) => k);
  };

  it('a task answers with every field of the contract, from every write that answers one', () => {
    const task = strictSchema(taskSchema);
    const found = writes.map(({ what, body }) => ({ what, problems: problems(task, body) })).filter((w) => w.problems.length);
    expect(found).toEqual([]);
    // Both sides of the nullable parts were seen: a scored task with a comment, and an open one.
    const last = writes[3].body as Task;
    expect(last.scoring).not.toBeNull();
    expect(last.comments).toHaveLength(1);
    expect((writes[4].body as Task).scoring).toBeNull();
  });

  it('every GET answer parses with its contract, strictly, as the role that reads it', async () => {
    const failures: Record<string, string[]> = {};
    for (const call of calls()) {
      const res = await t.http.get(call.url).set(bearer(call.token));
      const found = res.status === 200 ? problems(schemaOf(call.route), res.body) : [`status ${res.status}: ${JSON.stringify(res.body)}`];
      if (!call.mayBeEmpty) found.push(...emptyLists(res.body).map((field) => `${field}: an empty list checks nothing`));
      if (found.length) failures[call.route] = found;
    }
    for (const [route, body] of Object.entries(readBefore)) {
      const found = problems(schemaOf(route), body);
      if (found.length) failures[route] = found;
    }
    expect(failures).toEqual({});
  });

  it('calls every GET route that answers JSON, or says why not', () => {
    const called = new Set([...calls().map((c) => c.route), ...Object.keys(readBefore)]);
    const json = routes.filter((r) => r.method === 'get' && r.responds && !r.responds.redirect && r.responds.schema.def.type !== 'string');
    const missing = json.map((r) => `GET ${r.path}`).filter((name) => !called.has(name) && !(name in NOT_CALLED));
    expect(missing).toEqual([]);
    // An exemption names a route that exists and is not called anyway.
    for (const name of Object.keys(NOT_CALLED)) {
      expect(json.map((r) => `GET ${r.path}`)).toContain(name);
      expect(called.has(name)).toBe(false);
    }
  });
});
