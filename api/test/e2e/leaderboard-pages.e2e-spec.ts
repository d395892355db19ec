import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { Leaderboard } from '@kpi/contracts';
import { bearer, createTenant, superadminLogin, type Tenant } from '../utils/factories';
import { startTestApp, type TestApp } from '../utils/test-app';

const HOUR = 3600_000;
const EXECUTIVES = 24;
/** Quality and initiative pairs; several executives share each, so the ranking has ties to page through. */
const SCORES = [
  [10, 10],
  [9, 8],
  [8, 6],
  [5, 5],
  [3, 0],
  [0, 0],
] as const;

/** One GET as the wire carries it: no client decompressing behind the test's back. */
function raw(url: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** docs/paging.md: the live ranking is paged like every list, and large JSON answers go out gzipped. */
describe('leaderboard pages and compressed answers', () => {
  let t: TestApp;
  let a: Tenant;
  const now = new Date();
  const monthly = `/api/leaderboard/monthly/${now.getUTCFullYear()}/${now.getUTCMonth() + 1}`;

  beforeAll(async () => {
    t = await startTestApp();
    a = await createTenant(t, (await superadminLogin(t)).token, EXECUTIVES);
    for (const [i, exec] of a.executives.entries()) {
      const created = await t.http
        .post('/api/tasks')
        .set(bearer(a.admin.token))
        .send({ title: `Task ${i}`, description: 'Ranked', assignedTo: exec.user._id, deadline: new Date(Date.now() + 12 * HOUR).toISOString(), reportLink: 'https://reports.example.com/r' })
        .expect(201);
      await t.http.put(`/api/tasks/${created.body._id}/submit`).set(bearer(exec.token)).send({ content: 'Done' }).expect(200);
      const [qualityScore, initiativeScore] = SCORES[i % SCORES.length];
      await t.http.put(`/api/tasks/${created.body._id}/score`).set(bearer(a.admin.token)).send({ qualityScore, initiativeScore, feedback: 'Noted.' }).expect(200);
    }
  });
  afterAll(() => t.close());

  const csvNames = async (): Promise<string[]> => {
    const res = await t.http.get(`${monthly}?format=csv`).set(bearer(a.admin.token)).expect(200);
    const rows = res.text.split('\n').filter((l) => /^\d+,/.test(l));
    return rows.map((l) => l.split(',')[1].replace(/^"|"$/g, ''));
  };

  it('walks the whole ranking page by page, in order, with no repeats or gaps; the CSV export stays whole', async () => {
    const seen: Leaderboard['entries'] = [];
    let path: string | undefined = `${monthly}?limit=5`;
    let pages = 0;
    while (path) {
      const res = await t.http.get(path).set(bearer(a.admin.token)).expect(200);
      const body = res.body as Leaderboard;
      expect(body.rankedExecutives).toBe(EXECUTIVES);
      expect(body.totalExecutives).toBe(EXECUTIVES);
      expect(body.entries.length).toBeLessThanOrEqual(5);
      seen.push(...body.entries);
      pages++;
      const next = res.headers['x-next-cursor'] as string | undefined;
      if (next) expect(res.headers.link).toBe(`<${monthly}?limit=5&cursor=${next}>; rel="next"`);
      path = next ? `${monthly}?limit=5&cursor=${next}` : undefined;
    }
    expect(pages).toBe(Math.ceil(EXECUTIVES / 5));
    expect(new Set(seen.map((e) => e.user._id)).size).toBe(EXECUTIVES);
    expect(seen.map((e) => e.rank)).toEqual([...seen.map((e) => e.rank)].sort((x, y) => x - y));
    expect(seen.map((e) => e.user.name)).toEqual(await csvNames());
  });

  it('answers the default page of 50 when no limit is given', async () => {
    const res = await t.http.get(monthly).set(bearer(a.admin.token)).expect(200);
    expect(res.body.entries).toHaveLength(EXECUTIVES);
    expect(res.headers['x-next-cursor']).toBeUndefined();
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=201', 'limit'],
    ['?limit=abc', 'limit'],
    ['?cursor=made-up', 'cursor'],
  ])('a bad %s is a 400 naming `%s`', async (query, field) => {
    const res = await t.http.get(`${monthly}${query}`).set(bearer(a.admin.token)).expect(400);
    expect(res.body.field).toBe(field);
  });

  it("a cursor of another period's ranking is a 400 naming `cursor`", async () => {
    const first = await t.http.get(`${monthly}?limit=2`).set(bearer(a.admin.token)).expect(200);
    const yearly = `/api/leaderboard/yearly/${now.getUTCFullYear()}`;
    const res = await t.http.get(`${yearly}?cursor=${first.headers['x-next-cursor']}`).set(bearer(a.admin.token)).expect(400);
    expect(res.body.field).toBe('cursor');
  });

  it("an executive's own row comes with every page, wherever they rank", async () => {
    const names = await csvNames();
    const last = a.executives.find((e) => e.user.name === names[names.length - 1])!;
    const res = await t.http.get(`${monthly}?limit=1`).set(bearer(last.token)).expect(200);
    const body = res.body as Leaderboard;
    expect(body.entries).toHaveLength(1);
    expect(body.currentUserEntry?.user._id).toBe(last.user._id);
    expect(body.currentUserEntry?.rank).toBeGreaterThan(1);
    const admin = await t.http.get(`${monthly}?limit=1`).set(bearer(a.admin.token)).expect(200);
    expect(admin.body.currentUserEntry).toBeNull();
  });

  it('gzips a large JSON answer for a client that accepts it; the bytes decode to the same JSON', async () => {
    const auth = { authorization: `Bearer ${a.admin.token}` };
    const plain = await raw(`${t.url}${monthly}?limit=50`, auth);
    const gzipped = await raw(`${t.url}${monthly}?limit=50`, { ...auth, 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(gzipped.headers['content-length'])).toBe(gzipped.body.length);
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(gunzipSync(gzipped.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
  });

  it('never compresses a small answer, nor for a client that refuses gzip', async () => {
    const auth = { authorization: `Bearer ${a.admin.token}` };
    const small = await raw(`${t.url}${monthly}?limit=1`, { ...auth, 'accept-encoding': 'gzip' });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    const refused = await raw(`${t.url}${monthly}?limit=50`, { ...auth, 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(refused.body.toString('utf8')).entries).toHaveLength(EXECUTIVES);
  });
});
