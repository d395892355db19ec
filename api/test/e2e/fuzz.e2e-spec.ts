import fc from 'fast-check';
import { formatPairingCode, PAIRING_SECRET_HEADER } from '@kpi/contracts';
import { ZodObject } from 'zod';
import { tableChecksums } from '../utils/db-checksum';
import { bearer, createTenant, superadminLogin, type Tenant } from '../utils/factories';
import { routeTable, type Route } from '../utils/route-table';
import { startTestApp, type TestApp } from '../utils/test-app';

/**
 * Property-based fuzzing of every route in the Nest route table, for every kind of caller: malformed, oversized,
 * wrongly typed and prototype-polluting bodies, path params and query strings. Whatever arrives: no 5xx, no stack
 * trace, the error shape, no polluted prototype, and not one row changed in any table. FUZZ_RUNS scales the
 * number of cases (default keeps the suite under a minute in CI); FUZZ_SEED replays a failing run.
 */
const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const STACK = /\bat [\w.<>]+ \(|\.(js|ts):\d+:\d+|node_modules/;

/** Routes that take no input at all and change data whenever called: nothing to fuzz, and a call is a write. */
const NO_INPUT_WRITES = new Set(['PUT /api/notifications/read-all', 'POST /api/walls/pairings']);

type Caller = 'superadmin' | 'admin' | 'executive' | 'wall' | 'anonymous';

interface Figures {
  routes: number;
  callers: number;
  combinations: number;
  requests: number;
  skippedValid: number;
  fiveHundreds: number;
  statuses: Record<number, number>;
}

// Each property runs hundreds of requests; the whole suite stays under a minute on a CI runner.
jest.setTimeout(120_000);

describe('fuzzing every route for every caller', () => {
  let t: TestApp;
  let routes: Route[];
  let tokens: Record<Caller, string | null>;
  let realIds: Record<string, string>;
  let before: Record<string, string>;
  const figures: Figures = { routes: 0, callers: 5, combinations: 0, requests: 0, skippedValid: 0, fiveHundreds: 0, statuses: {} };

  beforeAll(async () => {
    t = await startTestApp();
    const root = await superadminLogin(t);
    const a: Tenant = await createTenant(t, root.token, 1);
    const exec = a.executives[0];
    // Real rows for real ids: a scored task, an announcement, a notification, a paired wall display.
    const task = (
      await t.http
        .post('/api/tasks')
        .set(bearer(a.admin.token))
        .send({ title: 'Fuzz target', description: 'x', assignedTo: exec.user._id, deadline: new Date(Date.now() + 864e5).toISOString(), reportLink: 'https://r.example.com' })
    ).body;
    await t.http.put(`/api/tasks/${task._id}/submit`).set(bearer(exec.token)).send({ content: 'Done' }).expect(200);
    await t.http.put(`/api/tasks/${task._id}/score`).set(bearer(a.admin.token)).send({ qualityScore: 7, initiativeScore: 7, feedback: 'ok' }).expect(200);
    const announcement = (await t.http.post('/api/announcements').set(bearer(a.admin.token)).send({ title: 'Fuzz', content: 'x' }).expect(201)).body;
    const notification = (await t.http.get('/api/notifications').set(bearer(exec.token))).body.items[0];
    const pairing = (await t.http.post('/api/walls/pairings').expect(201)).body;
    const display = (await t.http.post('/api/walls/claim').set(bearer(a.admin.token)).send({ code: formatPairingCode(pairing.code) }).expect(201)).body;
    const wallToken = (await t.http.get(`/api/walls/pairings/${pairing.pairingId}`).set(PAIRING_SECRET_HEADER, pairing.secret)).body.displayToken;

    tokens = { superadmin: root.token, admin: a.admin.token, executive: exec.token, wall: wallToken, anonymous: null };
    realIds = {
      'tasks:id': task._id,
      'announcements:id': announcement._id,
      'notifications:id': notification._id,
      'users:id': exec.user._id,
      'companies:id': a.company._id,
      'walls:id': display._id,
      'kpi:id': exec.user._id,
      userId: exec.user._id,
      companyId: a.company._id,
      pairingId: pairing.pairingId,
    };
    routes = routeTable(t.app).filter((r) => !NO_INPUT_WRITES.has(`${r.method.toUpperCase()} ${r.path}`));
    figures.routes = routes.length;
    figures.combinations = routes.length * figures.callers;
    before = await tableChecksums(t.app);
  });

  afterAll(async () => {
    console.log(`fuzz figures: ${JSON.stringify(figures)}`);
    await t?.close();
  });

  const isWrite = (r: Route) => r.method !== 'get';
  const realIdFor = (r: Route, param: string) => realIds[`${r.path.split('/')[2]}:${param}`] ?? realIds[param];

  async function send(r: Route, caller: Caller, opts: { params?: (name: string) => string; query?: string; body?: string; contentType?: string }) {
    const path = r.path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(opts.params?.(name) ?? 'no-such-id'));
    const headers: Record<string, string> = {};
    if (tokens[caller]) headers.authorization = `Bearer ${tokens[caller]}`;
    if (opts.body !== undefined) headers['content-type'] = opts.contentType ?? 'application/json';
    const res = await fetch(`${t.url}${path}${opts.query ? `?${opts.query}` : ''}`, { method: r.method.toUpperCase(), headers, body: opts.body });
    const text = await res.text();
    figures.requests++;
    figures.statuses[res.status] = (figures.statuses[res.status] ?? 0) + 1;
    if (res.status >= 500) figures.fiveHundreds++;
    const where = `${r.method.toUpperCase()} ${path} as ${caller}: ${res.status} ${text.slice(0, 200)}`;
    expect({ where, serverError: res.status >= 500 }).toEqual({ where, serverError: false });
    expect({ where, stack: STACK.test(text) }).toEqual({ where, stack: false });
    if (res.status >= 400) expect({ where, shape: typeof JSON.parse(text).code }).toEqual({ where, shape: 'string' });
    // The server runs in this process: a polluted Object.prototype would show here.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    return res.status;
  }

  const routeArb = () => fc.constantFrom(...routes);
  const callerArb = fc.constantFrom<Caller>('superadmin', 'admin', 'executive', 'wall', 'anonymous');
  const nasty = fc.constantFrom('\u0000', 'a\u0000b', '../../etc/passwd', "' OR 1=1 --", '${jndi:ldap://x}', '__proto__', 'constructor', '%00', '\u202e', '😀'.repeat(50), ' ', '');
  const badId = fc.oneof(nasty, fc.string({ unit: 'binary', maxLength: 80 }), fc.uuid(), fc.string({ minLength: 65, maxLength: 400 }));
  const wrongValue = fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.jsonValue(), { maxLength: 3 }), fc.object({ maxDepth: 2 }), nasty, fc.string({ minLength: 2000, maxLength: 5000 }));
  const polluting = fc.constantFrom(
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"__proto__":{"polluted":true},"title":"x","name":"x","email":"a@b.co","password":"x"}',
    '{"a":{"__proto__":{"polluted":true}}}',
  );

  const REFUSED = Symbol('unparseable');
  const parsedOrRefused = (body: string): unknown => {
    if (!body.trim()) return {};
    try {
      return JSON.parse(body);
    } catch {
      return REFUSED;
    }
  };

  /** Bodies that could be valid are not sent: every body here must be refused, so no row may change. */
  const refusedBy = (r: Route, body: unknown) => body === REFUSED || !r.bodySchema || !r.bodySchema.safeParse(body).success;

  it('bodies: random JSON, wrongly typed known fields, prototype pollution', async () => {
    const bodyArb = (r: Route) => {
      const shape = r.bodySchema instanceof ZodObject ? Object.keys(r.bodySchema.shape) : [];
      const wrongTyped = shape.length ? fc.dictionary(fc.constantFrom(...shape), wrongValue, { minKeys: 1 }) : fc.object();
      return fc.oneof(fc.jsonValue().map((v) => JSON.stringify(v)), wrongTyped.map((v) => JSON.stringify(v)), polluting);
    };
    const writes = routes.filter((r) => r.bodySchema);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...writes).chain((r) => fc.tuple(fc.constant(r), callerArb, bodyArb(r), fc.boolean())),
        async ([r, caller, body, realId]) => {
          if (!refusedBy(r, JSON.parse(body))) return void figures.skippedValid++;
          await send(r, caller, { body, params: (name) => (realId ? (realIdFor(r, name) ?? 'x') : 'no-such-id') });
        },
      ),
      { numRuns: 600 * SCALE, seed: SEED },
    );
  });

  it('path params: NUL, traversal, injection, unicode, overlong, random UUIDs', async () => {
    const withParams = routes.filter((r) => r.path.includes(':'));
    await fc.assert(
      fc.asyncProperty(routeArb().filter((r) => withParams.includes(r)), callerArb, badId, badId, async (r, caller, first, second) => {
        let n = 0;
        // A body the route refuses, if it takes one, so a lucky id still changes nothing.
        await send(r, caller, { params: () => (n++ === 0 ? first : second), body: r.bodySchema ? '[]' : undefined });
      }),
      { numRuns: 500 * SCALE, seed: SEED },
    );
  });

  it('query strings: wrong types, arrays, pollution keys, NUL, on every route', async () => {
    const key = fc.oneof(fc.constantFrom('company', 'format', 'year', 'month', 'userId', '__proto__[polluted]', 'constructor[prototype][polluted]', 'company[]', 'company[$ne]'), fc.string({ maxLength: 12 }));
    const pair = fc.tuple(key, fc.oneof(nasty, fc.string({ maxLength: 80 }), fc.integer().map(String)));
    await fc.assert(
      fc.asyncProperty(routeArb(), callerArb, fc.array(pair, { minLength: 1, maxLength: 5 }), fc.boolean(), async (r, caller, pairs, realId) => {
        const query = pairs.map(([k, v]) => `${encodeURIComponent(k).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(v)}`).join('&');
        // Writes only with ids that name nothing, and a refused body: the query alone must not make a write valid.
        const params = (name: string) => (realId && !isWrite(r) ? (realIdFor(r, name) ?? 'x') : 'no-such-id');
        await send(r, caller, { query, params, body: isWrite(r) && r.bodySchema ? '"not an object"' : undefined });
      }),
      { numRuns: 400 * SCALE, seed: SEED },
    );
  });

  it('raw bodies: broken JSON, deep nesting, oversized, wrong content types', async () => {
    const raw = fc.oneof(
      fc.constantFrom('{', '{"a":', '[1,2', 'nul', '{"a":1}}', '\u0000', '{"a":"\\u0000"}'),
      fc.integer({ min: 200, max: 20_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
      fc.integer({ min: 101, max: 400 }).map((kb) => JSON.stringify({ title: 'x'.repeat(kb * 1024) })),
      fc.string({ maxLength: 200 }),
    );
    const type = fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=utf-16');
    const writes = routes.filter((r) => r.bodySchema);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...writes), callerArb, raw, type, async (r, caller, body, contentType) => {
        // An empty body (whatever its type) reads as `{}`, and a random string may happen to be JSON: skip what the
        // route would accept.
        const readAsJson = body === '' || contentType.startsWith('application/json');
        if (readAsJson && !refusedBy(r, parsedOrRefused(body))) return void figures.skippedValid++;
        await send(r, caller, { body, contentType, params: (name) => realIdFor(r, name) ?? 'x' });
      }),
      { numRuns: 150 * SCALE, seed: SEED },
    );
  });

  it('every route × every caller answers a malformed request without a 5xx (full coverage, not sampled)', async () => {
    for (const r of routes) {
      for (const caller of ['superadmin', 'admin', 'executive', 'wall', 'anonymous'] as Caller[]) {
        await send(r, caller, { params: () => 'a\u0000b', query: 'company=%00', body: r.bodySchema ? '{"__proto__":{"polluted":true}}' : undefined });
      }
    }
  });

  it('not one row changed in any table', async () => {
    expect(await tableChecksums(t.app)).toEqual(before);
  });
});
