import { ModulesContainer } from '@nestjs/core';
import { createUserSchema, errorResponseSchema, type Role } from '@kpi/contracts';
import { z } from 'zod';
import { collectRoutes, type ApiRoute } from '../../src/openapi/route-registry';
import { bearer, startTwoCompanies, type Tenant } from '../utils/factories';
import type { TestApp } from '../utils/test-app';

type Operation = { 'x-roles': Role[]; description: string; security: unknown[]; responses: Record<string, { content?: Record<string, { schema: unknown }> }>; requestBody?: unknown };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Record<string, unknown>>; securitySchemes: Record<string, unknown> } };

/** The routes Express actually answers, as `METHOD /path/{param}`, without the docs' own pages. */
function servedRoutes(t: TestApp): string[] {
  const router = (t.app.getHttpAdapter().getInstance() as { router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] } }).router;
  return router.stack
    .flatMap((layer) => (layer.route ? Object.keys(layer.route.methods).map((m) => ({ method: m, path: layer.route!.path })) : []))
    .filter(({ path, method }) => path.startsWith('/api/') && !/^\/api\/(docs|openapi)/.test(path) && !path.includes('{*') && method !== 'acl')
    .map(({ method, path }) => `${method.toUpperCase()} ${path.replace(/:(\w+)/g, '{$1}')}`);
}

describe('OpenAPI document and Swagger UI', () => {
  let t: TestApp;
  let root: string;
  let a: Tenant;
  let doc: Document;
  let routes: ApiRoute[];
  beforeAll(async () => {
    ({ t, root, a } = await startTwoCompanies());
    const res = await t.http.get('/api/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body;
    routes = collectRoutes(t.app.get(ModulesContainer), 'api');
  });
  afterAll(() => t.close());

  it('documents every route the server answers, and nothing it does not', () => {
    const served = servedRoutes(t);
    expect(served.length).toBeGreaterThan(40);
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(served.filter((r) => !documented.includes(r))).toEqual([]);
    expect(documented.filter((r) => !served.includes(r))).toEqual([]);
  });

  it('gives every operation its roles, its security and a response schema from the contracts', () => {
    const missing: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const success = Object.entries(op.responses).find(([status]) => status.startsWith('2'));
        const redirects = Object.keys(op.responses).some((status) => status.startsWith('3') && status !== '304');
        if (!success?.[1].content?.['application/json'] && !redirects) missing.push(`${method.toUpperCase()} ${path}: no response schema (add @Responds)`);
        if (!Array.isArray(op['x-roles'])) missing.push(`${method.toUpperCase()} ${path}: no x-roles`);
      }
    }
    expect(missing).toEqual([]);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });

    const companies = doc.paths['/api/companies'].post;
    expect(companies['x-roles']).toEqual(['superadmin']);
    expect(companies.description).toContain('Roles: superadmin');
    expect(companies.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/tasks/{id}/submit'].put['x-roles']).toEqual(['executive']);
    expect(doc.paths['/api/auth/verify'].get['x-roles']).toEqual(['superadmin', 'admin', 'executive']);
    const login = doc.paths['/api/auth/login'].post;
    expect(login.security).toEqual([]);
    expect(login.description).toContain('Public');
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400', '413', '429']));
    expect(doc.paths['/api/walls/me/board'].get.security).toEqual([{ displayToken: [] }]);
    expect(Object.keys(doc.paths['/api/users/{id}'].put.responses).sort()).toEqual(['200', '400', '401', '403', '404', '409', '413', '415']);
    expect(doc.paths['/api/leaderboard/monthly/{year}/{month}'].get.responses['200'].content).toHaveProperty('text/csv');
    expect(doc.paths['/api/tasks/{id}/score'].put.responses).toHaveProperty('409');
    // What the server answers beyond its guards and pipes (issue 23, point 10).
    expect(login.responses).toHaveProperty('401');
    expect(doc.paths['/api/tasks/summary'].get.responses).toHaveProperty('404');
    expect(doc.paths['/api/badges/assign'].post.responses).toHaveProperty('404');
    expect(doc.paths['/api/walls/claim'].post.responses).toHaveProperty('404');
    expect(Object.keys(doc.paths['/api/auth/sso/callback'].get.responses)).toEqual(['303']);
    const limit = (doc.paths['/api/tasks'].get as unknown as { parameters: { name: string; schema: unknown }[] }).parameters.find((p) => p.name === 'limit');
    expect(limit?.schema).toEqual({ type: 'integer', minimum: 1, maximum: 200, default: 50, description: 'Rows per page' });
    const createTask = doc.components.schemas.CreateTask as { properties: Record<string, { format?: string }> };
    expect(createTask.properties.reportLink.format).toBe('uri');
    expect(createTask.properties.deadline.format).toBe('date-time');
    expect((doc.components.schemas.CreateUser as { properties: Record<string, { format?: string }> }).properties.email.format).toBe('email');
    expect((doc.components.schemas.CreateCompany as { properties: Record<string, { format?: string }> }).properties.timeZone.format).toBe('time-zone');
  });

  it('generates the schemas from the same zod schemas that validate requests', () => {
    const { $schema: _, ...createUser } = z.toJSONSchema(createUserSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    expect(doc.components.schemas.CreateUser).toEqual(createUser);
    expect(doc.paths['/api/users'].post.requestBody).toEqual({ required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/CreateUser' } } } });
    expect(doc.components.schemas.ErrorResponse).toMatchObject({ required: ['statusCode', 'message', 'code'] });
    const { parameters } = doc.paths['/api/leaderboard/monthly/{year}/{month}'].get as unknown as { parameters: { name: string; in: string; schema: { minimum?: number } }[] };
    expect(parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['path:year', 'path:month', 'query:company', 'query:format', 'query:limit', 'query:cursor']);
    expect(parameters[0].schema.minimum).toBe(2000);
  });

  it("describes what the server really answers: each readable list parses with its route's contract schema", async () => {
    const calls: [string, string][] = [
      ['/api/companies', root], ['/api/users', root], [`/api/users/company/${a.company._id}`, a.admin.token], ['/api/kpi/overall', root],
      [`/api/kpi/company/${a.company._id}`, a.admin.token], [`/api/kpi/executive/${a.executives[0].user._id}`, a.executives[0].token],
      ['/api/badges', a.admin.token], ['/api/notifications', a.executives[0].token], ['/api/announcements', a.admin.token],
      ['/api/tasks', a.admin.token], ['/api/auth/verify', a.admin.token], ['/api/health', root], ['/api/walls', a.admin.token],
      [`/api/leaderboard/yearly/${new Date().getUTCFullYear()}`, a.admin.token], [`/api/leaderboard/top10/${a.company._id}`, a.executives[0].token],
    ];
    for (const [url, token] of calls) {
      const res = await t.http.get(url).set(bearer(token));
      expect(`${url} ${res.status}`).toBe(`${url} 200`);
      const path = url.replace(/\?.*/, '');
      const route = routes.find((r) => r.method === 'get' && new RegExp(`^${r.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(path));
      const parsed = route!.responds!.schema.safeParse(res.body);
      expect(parsed.success ? url : `${url}: ${JSON.stringify(parsed.error?.issues[0])}`).toBe(url);
    }
    const refused = await t.http.post('/api/companies').set(bearer(a.admin.token)).send({});
    expect(errorResponseSchema.safeParse(refused.body).success).toBe(true);
  });

  it('describes what the writes answer too: a task from creation to score, a badge, a wall display', async () => {
    /** Sends the request and parses the answer with the schema the document names for this route. */
    const call = async (method: 'post' | 'put' | 'get' | 'delete', url: string, token: string | null, body?: object) => {
      let req = t.http[method](url);
      if (token) req = req.set(bearer(token));
      const res = await (body ? req.send(body) : req);
      expect(`${method} ${url} ${res.status}`).toMatch(new RegExp(`^${method} ${url.replace(/[?]/g, '\\?')} 20[01]$`));
      const path = url.replace(/\?.*/, '');
      const route = routes.find((r) => r.method === method && new RegExp(`^${r.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(path));
      const parsed = route!.responds!.schema.safeParse(res.body);
      expect(parsed.success ? `${method} ${url}` : `${method} ${url}: ${JSON.stringify(parsed.error?.issues[0])}`).toBe(`${method} ${url}`);
      return res.body;
    };
    const exec = a.executives[0];
    const task = await call('post', '/api/tasks', a.admin.token, {
      title: 'Documented task', description: 'd', assignedTo: exec.user._id, deadline: new Date(Date.now() + 86_400_000).toISOString(), reportLink: 'https://reports.example.com/doc',
    });
    await call('put', `/api/tasks/${task._id}`, a.admin.token, { status: 'in-progress' });
    await call('put', `/api/tasks/${task._id}/submit`, exec.token, { content: 'done' });
    await call('put', `/api/tasks/${task._id}/score`, a.admin.token, { qualityScore: 9, initiativeScore: 8, feedback: 'Good' });
    await call('get', `/api/tasks/${task._id}/history`, a.admin.token);
    await call('get', `/api/tasks/user/${exec.user._id}`, exec.token);
    await call('post', '/api/leaderboard/generate', a.admin.token, { type: 'yearly', year: new Date().getUTCFullYear() });
    await call('post', '/api/badges/assign', a.admin.token, { userId: exec.user._id, badgeId: 'recognition', reason: 'Clear write-up' });
    await call('get', `/api/badges/user/${exec.user._id}`, exec.token);
    await call('put', '/api/notifications/read-all', exec.token);
    const note = await call('post', '/api/announcements', a.admin.token, { title: 'Pinned', content: 'c', isPinned: true });
    await call('put', `/api/announcements/${note._id}/pin`, a.admin.token, { isPinned: true });
    const pairing = await call('post', '/api/walls/pairings', null);
    await call('post', '/api/walls/claim', a.admin.token, { code: pairing.code, name: 'Lobby' });
    const paired = await t.http.get(`/api/walls/pairings/${pairing.pairingId}`).set('x-pairing-secret', pairing.secret);
    await call('get', '/api/walls/me/board', paired.body.displayToken);
    await call('delete', `/api/tasks/${task._id}`, a.admin.token);
  });

  it('serves Swagger UI whose scripts and styles load under the content security policy', async () => {
    const page = await t.http.get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = page.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(page.text).not.toMatch(/<script>(?!\s*<\/script>)/);
    const assets = [...page.text.matchAll(/(?:src|href)="\.\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(assets).toEqual(expect.arrayContaining(['docs/swagger-ui.css', 'docs/swagger-ui-bundle.js', 'docs/swagger-ui-init.js']));
    for (const asset of assets) {
      const res = await t.http.get(`/api/${asset}`);
      expect(`${asset} ${res.status}`).toBe(`${asset} 200`);
    }
    const init = await t.http.get('/api/docs/swagger-ui-init.js');
    expect(init.text).toContain('"openapi": "3.1.0"');
  });
});
