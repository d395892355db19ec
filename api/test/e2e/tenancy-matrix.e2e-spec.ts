import { bearer, createTenant, superadminLogin, type Tenant } from '../utils/factories';
import { startTestApp, type TestApp } from '../utils/test-app';

/**
 * Walks every endpoint that takes an id or a company, as company A's admin and executive, with company B's
 * ids. Every answer must be 403 or 404, carry none of B's data, and change nothing in B.
 */
describe('tenant isolation matrix', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const secret = { task: 'B-SECRET-TASK-TITLE', announcement: 'B-SECRET-ANNOUNCEMENT', exec: 'B-Secret Executive', display: 'B-Secret Display' };
  let ids: { company: string; exec: string; admin: string; task: string; announcement: string; notification: string; display: string };

  beforeAll(async () => {
    t = await startTestApp();
    const root = (await superadminLogin(t)).token;
    a = await createTenant(t, root, 1);
    b = await createTenant(t, root, 0);
    const exec = await t.http.post('/api/users').set(bearer(b.admin.token))
      .send({ name: secret.exec, email: 'b.secret@kpi.test', department: 'Sales', phoneNumber: '1', password: 'temporary-1', role: 'executive' });
    const execToken = (await t.http.post('/api/auth/login').send({ email: 'b.secret@kpi.test', password: 'temporary-1' })).body.token;
    const task = await t.http.post('/api/tasks').set(bearer(b.admin.token))
      .send({ title: secret.task, description: 'd', assignedTo: exec.body._id, deadline: new Date(Date.now() + 86_400_000).toISOString(), reportLink: 'https://reports.example.com/b' });
    await t.http.put(`/api/tasks/${task.body._id}/submit`).set(bearer(execToken)).send({ content: 'done' });
    const ann = await t.http.post('/api/announcements').set(bearer(b.admin.token)).send({ title: secret.announcement, content: 'c' });
    const notes = await t.http.get('/api/notifications').set(bearer(execToken));
    const pairing = await t.http.post('/api/walls/pairings');
    const display = await t.http.post('/api/walls/claim').set(bearer(b.admin.token)).send({ code: pairing.body.code, name: 'B-Secret Display' });
    ids = {
      company: b.company._id, exec: exec.body._id, admin: b.admin.user._id, task: task.body._id, announcement: ann.body._id,
      notification: notes.body.items[0]._id, display: display.body._id,
    };
  });
  afterAll(() => t.close());

  const year = new Date().getUTCFullYear();
  const month = new Date().getUTCMonth() + 1;
  const endpoints = (): [string, string, object?][] => [
    ['get', `/api/users?company=${ids.company}`],
    ['get', `/api/users/company/${ids.company}`],
    ['post', '/api/users', { name: 'X', email: 'x.matrix@kpi.test', department: 'd', phoneNumber: '1', password: 'temporary-1', role: 'executive', company: ids.company }],
    ['put', `/api/users/${ids.exec}`, { name: 'Hacked' }],
    ['put', `/api/users/${ids.admin}`, { isActive: false }],
    ['delete', `/api/users/${ids.exec}`],
    ['put', `/api/companies/${ids.company}`, { name: 'Hacked' }],
    ['delete', `/api/companies/${ids.company}`],
    ['get', `/api/tasks?company=${ids.company}`],
    ['get', `/api/tasks/user/${ids.exec}`],
    ['get', `/api/tasks/${ids.task}/history`],
    ['post', '/api/tasks', { title: 't', description: 'd', assignedTo: ids.exec, deadline: '2030-01-01', reportLink: 'https://x.example.com', company: ids.company }],
    ['put', `/api/tasks/${ids.task}`, { title: 'Hacked' }],
    ['put', `/api/tasks/${ids.task}/submit`, { content: 'stolen' }],
    ['put', `/api/tasks/${ids.task}/score`, { qualityScore: 1, initiativeScore: 1, feedback: 'x' }],
    ['delete', `/api/tasks/${ids.task}`],
    ['get', `/api/announcements?company=${ids.company}`],
    ['post', '/api/announcements', { title: 't', content: 'c', company: ids.company }],
    ['put', `/api/announcements/${ids.announcement}`, { title: 'Hacked' }],
    ['put', `/api/announcements/${ids.announcement}/pin`, {}],
    ['delete', `/api/announcements/${ids.announcement}`],
    ['put', `/api/notifications/${ids.notification}/read`, {}],
    ['get', `/api/badges/user/${ids.exec}`],
    ['post', '/api/badges/assign', { userId: ids.exec, badgeId: 'recognition' }],
    ['get', `/api/leaderboard/monthly/${year}/${month}?company=${ids.company}`],
    ['get', `/api/leaderboard/yearly/${year}?company=${ids.company}`],
    ['get', `/api/leaderboard/monthly/${year}/${month}?company=${ids.company}&format=csv`],
    ['get', `/api/leaderboard/top10/${ids.company}?userId=${ids.exec}&year=${year}&month=${month}`],
    ['get', `/api/leaderboard/published/monthly/${year}/${month}?company=${ids.company}`],
    ['get', `/api/leaderboard/published/yearly/${year}?company=${ids.company}&format=csv`],
    ['get', `/api/kpi/executive/${ids.exec}`],
    ['get', `/api/kpi/company/${ids.company}`],
    ['get', `/api/kpi/company/${ids.company}?format=csv`],
    ['get', '/api/kpi/overall'],
    ['delete', `/api/walls/${ids.display}`],
  ];

  it.each(['admin', 'executive'] as const)("refuses company A's %s everything of company B", async (role) => {
    const token = role === 'admin' ? a.admin.token : a.executives[0].token;
    const failures: string[] = [];
    for (const [method, path, body] of endpoints()) {
      const req = (t.http as unknown as Record<string, (p: string) => import('supertest').Test>)[method](path).set(bearer(token));
      const res = body ? await req.send(body) : await req;
      const leaked = Object.values(secret).some((s) => res.text.includes(s)) || res.text.includes(b.company.name);
      if (![403, 404].includes(res.status) || leaked) failures.push(`${method.toUpperCase()} ${path} → ${res.status}${leaked ? ' (leaked B data)' : ''}`);
    }
    expect(failures).toEqual([]);
  });

  it("left company B's data exactly as it was", async () => {
    const tasks = await t.http.get('/api/tasks').set(bearer(b.admin.token));
    expect(tasks.body).toHaveLength(1);
    expect(tasks.body[0]).toMatchObject({ title: secret.task, status: 'submitted', scoring: null, submission: { content: 'done' } });
    const anns = await t.http.get('/api/announcements').set(bearer(b.admin.token));
    expect(anns.body.map((x: { title: string; isPinned: boolean }) => [x.title, x.isPinned])).toEqual([[secret.announcement, false]]);
    const people = await t.http.get(`/api/users/company/${ids.company}`).set(bearer(b.admin.token));
    expect(people.body.map((u: { name: string; isActive: boolean }) => u.isActive)).toEqual([true, true]);
    expect(people.body.some((u: { name: string }) => u.name === secret.exec)).toBe(true);
    const notes = await t.http.get('/api/badges/user/' + ids.exec).set(bearer(b.admin.token));
    expect(notes.body).toEqual([]);
    const displays = await t.http.get('/api/walls').set(bearer(b.admin.token));
    expect(displays.body.map((d: { name: string }) => d.name)).toEqual([secret.display]);
  });
});
