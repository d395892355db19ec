import { bearer, createCompany, createTenant, superadminLogin } from '../utils/factories';
import { startTestApp, type TestApp } from '../utils/test-app';

describe('companies', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    t = await startTestApp();
    root = (await superadminLogin(t)).token;
  });
  afterAll(() => t.close());

  it('creates, lists with member counts, updates and deletes a company', async () => {
    const created = await t.http.post('/api/companies').set(bearer(root)).send({ name: '  Initech ', industry: 'Software', description: 'TPS reports' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Initech', industry: 'Software', description: 'TPS reports', timeZone: 'UTC', adminCount: 0, executiveCount: 0 });
    const id = created.body._id;

    const admin = await t.http.post('/api/users').set(bearer(root)).send({ name: 'Bill', email: 'bill@initech.test', department: 'Mgmt', phoneNumber: '1', password: 'password-123', role: 'admin', company: id });
    expect(admin.status).toBe(201);

    const list = await t.http.get('/api/companies').set(bearer(root));
    expect(list.status).toBe(200);
    expect(list.body.find((c: { _id: string }) => c._id === id)).toMatchObject({ adminCount: 1, executiveCount: 0 });

    const updated = await t.http.put(`/api/companies/${id}`).set(bearer(root)).send({ description: 'Now with flair', timeZone: 'Europe/Berlin' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Initech', description: 'Now with flair', timeZone: 'Europe/Berlin', adminCount: 1 });

    const removed = await t.http.delete(`/api/companies/${id}`).set(bearer(root));
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Company deleted successfully' });
    expect((await t.http.get('/api/companies').set(bearer(root))).body.find((c: { _id: string }) => c._id === id)).toBeUndefined();
    // Its people went with it: the admin can no longer sign in.
    expect((await t.http.post('/api/auth/login').send({ email: 'bill@initech.test', password: 'password-123' })).status).toBe(401);
  });

  it.each([
    [{ industry: 'x', description: 'y' }, 'Name is required', 'name'],
    [{ name: 'x', description: 'y' }, 'Industry is required', 'industry'],
    [{ name: 'x', industry: 'y', description: '   ' }, 'Description is required', 'description'],
    [{ name: 'x'.repeat(121), industry: 'y', description: 'z' }, 'Name must be at most 120 characters', 'name'],
    [{ name: 'x', industry: 'y', description: 'z', timeZone: 'Mars/Olympus' }, 'Time zone must be a valid IANA time zone such as Europe/Berlin', 'timeZone'],
  ])('refuses %p', async (body, message, field) => {
    const res = await t.http.post('/api/companies').set(bearer(root)).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, field });
  });

  it('refuses text with a NUL character, naming the field, instead of failing in the database', async () => {
    const res = await t.http.post('/api/companies').set(bearer(root)).send({ name: 'Bad\u0000Name', industry: 'x', description: 'y' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION', field: 'name', message: 'name contains a character that is not allowed' });
  });

  it('answers 404 for an unknown company', async () => {
    expect((await t.http.put('/api/companies/nope').set(bearer(root)).send({ name: 'x' })).status).toBe(404);
    expect((await t.http.delete('/api/companies/nope').set(bearer(root))).status).toBe(404);
  });

  it('is the superadmin\'s alone', async () => {
    const tenant = await createTenant(t, root, 1);
    const other = await createCompany(t, root);
    for (const token of [tenant.admin.token, tenant.executives[0].token]) {
      expect((await t.http.get('/api/companies').set(bearer(token))).status).toBe(403);
      expect((await t.http.post('/api/companies').set(bearer(token)).send({ name: 'a', industry: 'b', description: 'c' })).status).toBe(403);
      expect((await t.http.put(`/api/companies/${other._id}`).set(bearer(token)).send({ name: 'x' })).status).toBe(403);
      expect((await t.http.delete(`/api/companies/${tenant.company._id}`).set(bearer(token))).status).toBe(403);
    }
    expect((await t.http.get('/api/companies')).status).toBe(401);
  });
});
