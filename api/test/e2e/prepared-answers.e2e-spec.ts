import { createHash } from 'node:crypto';
/* eslint-disable @typescript-eslint/no-explicit-any -- answers checked by shape */
import type { Test } from 'supertest';
import { bearer, createTenant, superadminLogin, type Tenant } from '../utils/factories';
import { startTestApp, type TestApp } from '../utils/test-app';

/** Express's own weak ETag of a body (its default `etag fn`). */
const expressEtag = (bytes: Buffer) => `W/"${bytes.length.toString(16)}-${createHash('sha1').update(bytes).digest('base64').slice(0, 27)}"`;

const raw = (req: Test) =>
  req.buffer(true).parse((r, done) => {
    const chunks: Buffer[] = [];
    r.on('data', (chunk: Buffer) => chunks.push(chunk));
    r.on('end', () => done(null, Buffer.concat(chunks)));
  });

/**
 * Answers whose JSON is kept (common/http/prepared-json.ts) reach the wire exactly as `res.json` would send
 * them: the same bytes, headers, ETag, 304 and HEAD behaviour, each caller still getting their own answer.
 */
describe('prepared answers on the wire', () => {
  let t: TestApp;
  let c: Tenant;
  const task = (title: string, assignee: number) => ({ title, description: 'Answers on the wire.', assignedTo: c.executives[assignee].user._id, deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(), priority: 'high', reportLink: 'https://reports.example.com/q' });

  beforeAll(async () => {
    t = await startTestApp();
    c = await createTenant(t, (await superadminLogin(t)).token, 2);
    await t.http.post('/api/tasks').set(bearer(c.admin.token)).send(task('Quarterly report', 0)).expect(201);
  });
  afterAll(() => t.close());

  const ROUTES = ['GET /auth/verify', 'GET /leaderboard/top10', 'GET /tasks (a page)', 'GET /users (a page)'];
  const route = (name: string) =>
    ({
      'GET /auth/verify': { path: '/api/auth/verify', token: c.executives[1].token, answer: (body: any) => expect(body.user._id).toBe(c.executives[1].user._id) },
      'GET /leaderboard/top10': { path: `/api/leaderboard/top10/${c.company._id}`, token: c.executives[0].token, answer: (body: any) => expect(body).toMatchObject({ top10: [], totalExecutives: 2 }) },
      'GET /tasks (a page)': { path: '/api/tasks?limit=1', token: c.admin.token, answer: (body: any) => expect(body).toEqual([expect.objectContaining({ title: expect.any(String) })]) },
      'GET /users (a page)': { path: '/api/users?limit=1', token: c.admin.token, answer: (body: any) => expect(body).toEqual([expect.objectContaining({ email: expect.any(String) })]) },
    })[name]!;

  it.each(ROUTES)("%s sends its JSON with its length and Express's ETag, the same bytes twice", async (name) => {
    const { path, token, answer } = route(name);
    const first = await raw(t.http.get(path).set(bearer(token))).expect(200);
    const bytes = first.body as Buffer;
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(first.headers['content-length'])).toBe(bytes.length);
    expect(first.headers.etag).toBe(expressEtag(bytes));
    answer(JSON.parse(bytes.toString()));
    const second = await raw(t.http.get(path).set(bearer(token))).expect(200);
    expect((second.body as Buffer).equals(bytes)).toBe(true);
  });

  it.each(ROUTES)('%s answers 304 without a body to a matching If-None-Match, and 200 to a stale one', async (name) => {
    const { path, token } = route(name);
    const first = await t.http.get(path).set(bearer(token)).expect(200);
    const fresh = await raw(t.http.get(path).set(bearer(token)).set('If-None-Match', first.headers.etag)).expect(304);
    expect((fresh.body as Buffer).length).toBe(0);
    expect(fresh.headers['content-type']).toBeUndefined();
    await t.http.get(path).set(bearer(token)).set('If-None-Match', 'W/"stale"').expect(200);
  });

  it.each(ROUTES)('%s answers HEAD with the headers and no body', async (name) => {
    const { path, token } = route(name);
    const get = await t.http.get(path).set(bearer(token)).expect(200);
    const head = await t.http.head(path).set(bearer(token)).expect(200);
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.text ?? '').toBe('');
  });

  it('gives a ranked executive their position, and everyone else the one answer without one', async () => {
    const [ranked, unranked] = c.executives;
    const made = await t.http.post('/api/tasks').set(bearer(c.admin.token)).send(task('Scored task', 0)).expect(201);
    await t.http.put(`/api/tasks/${made.body._id}/submit`).set(bearer(ranked.token)).send({ content: 'Done' }).expect(200);
    await t.http.put(`/api/tasks/${made.body._id}/score`).set(bearer(c.admin.token)).send({ qualityScore: 8, initiativeScore: 6, feedback: 'Good' }).expect(200);
    const path = `/api/leaderboard/top10/${c.company._id}`;
    const mine = await raw(t.http.get(path).set(bearer(ranked.token))).expect(200);
    const theirs = await raw(t.http.get(path).set(bearer(unranked.token))).expect(200);
    const admins = await raw(t.http.get(path).set(bearer(c.admin.token))).expect(200);
    const [m, u, a] = [mine, theirs, admins].map((r) => JSON.parse((r.body as Buffer).toString()));
    expect(m.currentUserPosition).toMatchObject({ rank: 1, user: { _id: ranked.user._id } });
    expect(u.currentUserPosition).toBeNull();
    expect(u.top10).toEqual(m.top10);
    expect(u.top10.map((e: any) => e.user._id)).toEqual([ranked.user._id]);
    // The unranked executive and the admin get the very same bytes; the admin naming the ranked one sees their position.
    expect((admins.body as Buffer).equals(theirs.body as Buffer)).toBe(true);
    expect(a.currentUserPosition).toBeNull();
    const named = await t.http.get(`${path}?userId=${ranked.user._id}`).set(bearer(c.admin.token)).expect(200);
    expect(named.body.currentUserPosition).toMatchObject({ rank: 1 });
  });

  it('keeps a page\'s cursor headers, exposed to scripts', async () => {
    await t.http.post('/api/tasks').set(bearer(c.admin.token)).send(task('Second task', 1)).expect(201);
    const page = await t.http.get('/api/tasks?limit=1').set(bearer(c.admin.token)).expect(200);
    expect(page.headers['x-next-cursor']).toEqual(expect.any(String));
    expect(page.headers.link).toBe(`</api/tasks?limit=1&cursor=${encodeURIComponent(page.headers['x-next-cursor'])}>; rel="next"`);
    expect(page.headers['access-control-expose-headers']).toBe('X-Next-Cursor, Link');
  });

  it('leaves every other answer to Express (a created task: 201 with its ETag)', async () => {
    const created = await raw(t.http.post('/api/tasks').set(bearer(c.admin.token)).send(task('Third task', 0))).expect(201);
    expect(created.headers.etag).toBe(expressEtag(created.body as Buffer));
    expect(created.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});
