import type { Announcement } from '@kpi/contracts';
import { bearer, createTenant, type Tenant, startTwoCompanies } from '../utils/factories';
import { demoPassword } from '../../src/seed/demo-password';
import { login, settle, startTestApp, type TestApp } from '../utils/test-app';

describe('announcements', () => {
  let t: TestApp;
  let root: string;
  let a: Tenant;
  let b: Tenant;

  beforeAll(async () => ({ t, root, a, b } = await startTwoCompanies()));
  afterAll(() => t.close());

  const inFuture = (ms: number) => new Date(Date.now() + ms).toISOString();
  const post = (token: string, body: object) => t.http.post('/api/announcements').set(bearer(token)).send(body);
  const list = async (token: string, query = ''): Promise<Announcement[]> => {
    const res = await t.http.get(`/api/announcements${query}`).set(bearer(token));
    expect(res.status).toBe(200);
    return res.body;
  };
  /** Creates through the API; a short pause keeps createdAt distinct so "newest first" is well defined. */
  const create = async (token: string, body: Partial<Record<string, unknown>> = {}): Promise<Announcement> => {
    await settle(5);
    const res = await post(token, { title: `Notice ${Math.random().toString(36).slice(2, 8)}`, content: 'Please read this.', ...body });
    if (res.status !== 201) throw new Error(`create announcement: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  describe('validation', () => {
    it.each([
      ['a missing title', { content: 'Body' }, 'Title is required', 'title'],
      ['a blank title', { title: '   ', content: 'Body' }, 'Title is required', 'title'],
      ['a missing content', { title: 'Hello' }, 'Content is required', 'content'],
      ['an empty content', { title: 'Hello', content: '' }, 'Content is required', 'content'],
      ['an unknown priority', { title: 'Hello', content: 'Body', priority: 'critical' }, 'Priority must be one of low, medium, high, urgent', 'priority'],
      ['a past expiry', { title: 'Hello', content: 'Body', expiresAt: '2020-01-01T00:00:00.000Z' }, 'Expiry must be in the future', 'expiresAt'],
      ['an expiry that is no date', { title: 'Hello', content: 'Body', expiresAt: 'next tuesday-ish' }, 'Expiry must be a valid date', 'expiresAt'],
      ['a title over 200 characters', { title: 'x'.repeat(201), content: 'Body' }, 'Title must be at most 200 characters', 'title'],
      ['a content over 10,000 characters', { title: 'Hello', content: 'x'.repeat(10_001) }, 'Content must be at most 10000 characters', 'content'],
      ['a pin flag that is no boolean', { title: 'Hello', content: 'Body', isPinned: 'yes' }, 'Pinned must be true or false', 'isPinned'],
    ])('refuses %s with a message naming the field', async (_label, body, message, field) => {
      const res = await post(a.admin.token, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, message, code: 'VALIDATION', field });
    });

    it('refuses an expiry of right now, and a past expiry on update', async () => {
      expect((await post(a.admin.token, { title: 'Now', content: 'Body', expiresAt: new Date().toISOString() })).body.message).toBe('Expiry must be in the future');
      const created = await create(a.admin.token);
      const res = await t.http.put(`/api/announcements/${created._id}`).set(bearer(a.admin.token)).send({ expiresAt: '2001-01-01' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Expiry must be in the future', field: 'expiresAt' });
      const blank = await t.http.put(`/api/announcements/${created._id}`).set(bearer(a.admin.token)).send({ title: '' });
      expect(blank.status).toBe(400);
      expect(blank.body.message).toBe('Title is required');
    });
  });

  it('creates with defaults, company and author from the token, and the contract shape', async () => {
    const before = Date.now();
    const res = await post(a.admin.token, { title: '  Welcome  ', content: 'Hello everyone', company: a.company._id, author: a.admin.user._id, expiresAt: '' });
    expect(res.status).toBe(201);
    const ann: Announcement = res.body;
    expect(ann).toEqual({
      _id: expect.any(String),
      title: 'Welcome',
      content: 'Hello everyone',
      priority: 'medium',
      isPinned: false,
      expiresAt: null,
      company: a.company._id,
      author: { _id: a.admin.user._id, name: a.admin.user.name },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(Date.parse(ann.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    const expiring = await create(a.admin.token, { priority: 'urgent', isPinned: true, expiresAt: inFuture(3_600_000) });
    expect(expiring).toMatchObject({ priority: 'urgent', isPinned: true });
    expect(Date.parse(expiring.expiresAt!)).toBeGreaterThan(Date.now());
  });

  it('refuses a body naming another company or another author', async () => {
    const other = await post(a.admin.token, { title: 'X', content: 'Y', company: b.company._id });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('FORBIDDEN');
    const impostor = await post(a.admin.token, { title: 'X', content: 'Y', author: a.executives[0].user._id });
    expect(impostor.status).toBe(403);
    expect((await list(b.admin.token)).map((x) => x.title)).not.toContain('X');
  });

  it('lists pinned first, then newest first', async () => {
    const tenant = await createTenant(t, root, 1);
    const oldest = await create(tenant.admin.token, { title: 'oldest' });
    const pinnedOld = await create(tenant.admin.token, { title: 'pinned old', isPinned: true });
    const middle = await create(tenant.admin.token, { title: 'middle' });
    const pinnedNew = await create(tenant.admin.token, { title: 'pinned new', isPinned: true });
    const newest = await create(tenant.admin.token, { title: 'newest' });
    const expected = [pinnedNew, pinnedOld, newest, middle, oldest].map((x) => x._id);
    expect((await list(tenant.admin.token)).map((x) => x._id)).toEqual(expected);
    expect((await list(tenant.executives[0].token)).map((x) => x._id)).toEqual(expected);
  });

  it('pins with { isPinned } and toggles with an empty body, answering the announcement', async () => {
    const tenant = await createTenant(t, root, 0);
    const first = await create(tenant.admin.token, { title: 'first' });
    await create(tenant.admin.token, { title: 'second' });
    const pin = (body?: object) => {
      const req = t.http.put(`/api/announcements/${first._id}/pin`).set(bearer(tenant.admin.token));
      return body ? req.send(body) : req;
    };
    let res = await pin({ isPinned: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: first._id, title: 'first', isPinned: true });
    expect((await list(tenant.admin.token))[0]._id).toBe(first._id);
    expect((await pin({ isPinned: true })).body.isPinned).toBe(true); // setting is idempotent
    res = await pin();
    expect(res.status).toBe(200);
    expect(res.body.isPinned).toBe(false);
    expect((await list(tenant.admin.token)).map((x) => x.title)).toEqual(['second', 'first']);
    expect((await pin({})).body.isPinned).toBe(true);
    expect((await pin({ isPinned: false })).body.isPinned).toBe(false);
    const bad = await pin({ isPinned: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'Pinned must be true or false', field: 'isPinned' });
  });

  it('updates the fields given and keeps the author', async () => {
    const created = await create(a.admin.token, { title: 'Draft', priority: 'low' });
    await settle(5);
    const res = await t.http
      .put(`/api/announcements/${created._id}`)
      .set(bearer(a.admin.token))
      .send({ title: 'Final', content: 'Updated body', priority: 'high', company: a.company._id, author: a.admin.user._id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: created._id, title: 'Final', content: 'Updated body', priority: 'high', isPinned: false, author: created.author });
    expect(res.body.createdAt).toBe(created.createdAt);
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
    const listed = (await list(a.executives[0].token)).find((x) => x._id === created._id);
    expect(listed).toEqual(res.body);
    const expiry = await t.http.put(`/api/announcements/${created._id}`).set(bearer(a.admin.token)).send({ expiresAt: inFuture(60_000) });
    expect(expiry.status).toBe(200);
    expect(expiry.body.expiresAt).not.toBeNull();
    const cleared = await t.http.put(`/api/announcements/${created._id}`).set(bearer(a.admin.token)).send({ expiresAt: null });
    expect(cleared.body.expiresAt).toBeNull();
  });

  it('deletes, after which the id is unknown', async () => {
    const created = await create(a.admin.token);
    const res = await t.http.delete(`/api/announcements/${created._id}`).set(bearer(a.admin.token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Announcement deleted successfully' });
    expect((await list(a.admin.token)).map((x) => x._id)).not.toContain(created._id);
    expect((await t.http.delete(`/api/announcements/${created._id}`).set(bearer(a.admin.token))).status).toBe(404);
    const missing = await t.http.put(`/api/announcements/${created._id}`).set(bearer(a.admin.token)).send({ title: 'Ghost' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ statusCode: 404, message: 'Announcement not found', code: 'NOT_FOUND' });
    expect((await t.http.put(`/api/announcements/${created._id}/pin`).set(bearer(a.admin.token))).status).toBe(404);
  });

  describe('expiry', () => {
    it('hides expired announcements from executives; admins still see them with expiresAt', async () => {
      const tenant = await createTenant(t, root, 1);
      const lasting = await create(tenant.admin.token, { title: 'lasting', expiresAt: inFuture(3_600_000) });
      const forever = await create(tenant.admin.token, { title: 'forever' });
      const brief = await create(tenant.admin.token, { title: 'brief', expiresAt: inFuture(1000) });
      expect((await list(tenant.executives[0].token)).map((x) => x._id)).toContain(brief._id);
      await settle(1200);
      const seenByExecutive = (await list(tenant.executives[0].token)).map((x) => x._id);
      expect(seenByExecutive).toEqual([forever._id, lasting._id]);
      const seenByAdmin = await list(tenant.admin.token);
      expect(seenByAdmin.map((x) => x._id)).toEqual([brief._id, forever._id, lasting._id]);
      expect(Date.parse(seenByAdmin[0].expiresAt!)).toBeLessThan(Date.now());
      expect((await list(root, `?company=${tenant.company._id}`)).map((x) => x._id)).toContain(brief._id);
    });

    it('lets an admin edit an expired announcement, and revive it with a new expiry', async () => {
      const tenant = await createTenant(t, root, 1);
      const brief = await create(tenant.admin.token, { title: 'brief', expiresAt: inFuture(1000) });
      await settle(1200);
      const edited = await t.http
        .put(`/api/announcements/${brief._id}`)
        .set(bearer(tenant.admin.token))
        .send({ title: 'brief (edited)', content: brief.content, expiresAt: brief.expiresAt });
      expect(edited.status).toBe(200);
      expect(edited.body.title).toBe('brief (edited)');
      expect((await list(tenant.executives[0].token)).map((x) => x._id)).not.toContain(brief._id);
      const revived = await t.http.put(`/api/announcements/${brief._id}`).set(bearer(tenant.admin.token)).send({ expiresAt: inFuture(60_000) });
      expect(revived.status).toBe(200);
      expect((await list(tenant.executives[0].token)).map((x) => x._id)).toContain(brief._id);
    });
  });

  describe('permissions and tenancy', () => {
    let mine: Announcement;
    beforeAll(async () => {
      mine = await create(a.admin.token, { title: 'Company A only', isPinned: true });
    });

    it('refuses executives every write (403)', async () => {
      const exec = a.executives[0].token;
      const answers = [
        await post(exec, { title: 'Mine', content: 'Body' }),
        await t.http.put(`/api/announcements/${mine._id}`).set(bearer(exec)).send({ title: 'Hijacked' }),
        await t.http.put(`/api/announcements/${mine._id}/pin`).set(bearer(exec)).send({}),
        await t.http.delete(`/api/announcements/${mine._id}`).set(bearer(exec)),
      ];
      for (const res of answers) {
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ statusCode: 403, message: 'Your role does not allow this', code: 'FORBIDDEN' });
      }
      const still = (await list(a.admin.token)).find((x) => x._id === mine._id);
      expect(still).toMatchObject({ title: 'Company A only', isPinned: true });
    });

    it("answers another company's admin 404 on every write and 403 for a company query", async () => {
      const other = b.admin.token;
      const answers = [
        await t.http.put(`/api/announcements/${mine._id}`).set(bearer(other)).send({ title: 'Hijacked' }),
        await t.http.put(`/api/announcements/${mine._id}`).set(bearer(other)).send({ title: 'Hijacked', company: a.company._id }),
        await t.http.put(`/api/announcements/${mine._id}/pin`).set(bearer(other)).send({ isPinned: false }),
        await t.http.put(`/api/announcements/${mine._id}/pin`).set(bearer(other)),
        await t.http.delete(`/api/announcements/${mine._id}`).set(bearer(other)),
      ];
      for (const res of answers) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Announcement not found');
      }
      // The same answer as for an id that never existed.
      const unknown = await t.http.delete('/api/announcements/00000000-0000-0000-0000-000000000000').set(bearer(other));
      expect(unknown.body).toEqual(answers[4].body);
      const write = await post(other, { title: 'Into A', content: 'Body', company: a.company._id });
      expect(write.status).toBe(403);
      const read = await t.http.get(`/api/announcements?company=${a.company._id}`).set(bearer(other));
      expect(read.status).toBe(403);
      expect(read.body.message).toBe('You can only work within your own company');
      const still = (await list(a.admin.token)).find((x) => x._id === mine._id);
      expect(still).toMatchObject({ title: 'Company A only', isPinned: true });
    });

    it("refuses another company's executive and never shows them foreign announcements", async () => {
      const other = b.executives[0].token;
      expect((await t.http.get(`/api/announcements?company=${a.company._id}`).set(bearer(other))).status).toBe(403);
      for (const res of [
        await t.http.put(`/api/announcements/${mine._id}`).set(bearer(other)).send({ title: 'Hijacked' }),
        await t.http.put(`/api/announcements/${mine._id}/pin`).set(bearer(other)),
        await t.http.delete(`/api/announcements/${mine._id}`).set(bearer(other)),
      ]) {
        expect([403, 404]).toContain(res.status);
      }
      const bOwn = await create(b.admin.token, { title: 'Company B news' });
      for (const token of [b.admin.token, b.executives[0].token]) {
        const seen = await list(token);
        expect(seen.map((x) => x._id)).toContain(bOwn._id);
        expect(seen.every((x) => x.company === b.company._id)).toBe(true);
        expect(JSON.stringify(seen)).not.toContain('Company A only');
      }
      for (const token of [a.admin.token, a.executives[1].token]) {
        expect((await list(token)).every((x) => x.company === a.company._id)).toBe(true);
      }
    });

    it('lets the superadmin read one company with ?company= or all of them, but not write', async () => {
      const onlyA = await list(root, `?company=${a.company._id}`);
      expect(onlyA.length).toBeGreaterThan(0);
      expect(onlyA.every((x) => x.company === a.company._id)).toBe(true);
      expect(onlyA.map((x) => x._id)).toEqual((await list(a.admin.token)).map((x) => x._id));
      const everything = await list(root);
      const companies = new Set(everything.map((x) => x.company));
      expect(companies.has(a.company._id) && companies.has(b.company._id)).toBe(true);
      expect(everything.findIndex((x) => !x.isPinned)).toBe(everything.filter((x) => x.isPinned).length);
      expect(await list(root, '?company=unknown-company')).toEqual([]);
      expect((await post(root, { title: 'From root', content: 'Body', company: a.company._id })).status).toBe(403);
    });

    it('requires a token', async () => {
      expect((await t.http.get('/api/announcements')).status).toBe(401);
    });
  });
});

describe('announcements in the demo seed', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    // The real start path: an empty database, no superadmin configured, the install's generated demo password.
    t = await startTestApp({ DEMO_SEED: 'true', SUPERADMIN_EMAIL: '', SUPERADMIN_PASSWORD: '' });
    token = (await login(t, 'superadmin@kpi.demo', demoPassword(t.dataDir))).token;
  });
  afterAll(() => t.close());

  it("gives every company a few announcements by its admin, pinned first, one expiring later, none another company's", async () => {
    const companies: { _id: string }[] = (await t.http.get('/api/companies').set(bearer(token))).body;
    expect(companies.length).toBeGreaterThanOrEqual(2);
    const users: { _id: string; role: string; company: { _id: string } | null; name: string }[] = (await t.http.get('/api/users').set(bearer(token))).body;
    for (const company of companies) {
      const list: Announcement[] = (await t.http.get(`/api/announcements?company=${company._id}`).set(bearer(token))).body;
      expect(list.length).toBeGreaterThanOrEqual(3);
      expect(list.length).toBeLessThanOrEqual(5);
      expect(list.every((x) => x.company === company._id)).toBe(true);
      const pinned = list.filter((x) => x.isPinned).length;
      expect(pinned).toBeGreaterThanOrEqual(1);
      expect(pinned).toBeLessThanOrEqual(2);
      expect(list.slice(0, pinned).every((x) => x.isPinned)).toBe(true);
      expect(new Set(list.map((x) => x.priority)).size).toBeGreaterThan(1);
      expect(list.some((x) => x.expiresAt && Date.parse(x.expiresAt) > Date.now())).toBe(true);
      const admin = users.find((u) => u.role === 'admin' && u.company?._id === company._id)!;
      expect(list.every((x) => x.author?._id === admin._id && x.author.name === admin.name)).toBe(true);
    }
  });
});
