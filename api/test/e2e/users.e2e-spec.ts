import type { User } from '@kpi/contracts';
import { bearer, type Tenant, startTwoCompanies } from '../utils/factories';
import type { TestApp } from '../utils/test-app';

const person = (over: Record<string, unknown> = {}) => ({
  name: 'Pat Doe', email: `pat.${Math.random().toString(36).slice(2)}@kpi.test`, department: 'Sales', phoneNumber: '+1 555 0101', password: 'temporary-1', role: 'executive', ...over,
});

describe('users', () => {
  let t: TestApp;
  let root: string;
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => ({ t, root, a, b } = await startTwoCompanies()));
  afterAll(() => t.close());

  describe('superadmin', () => {
    it('creates an admin who must change the temporary password', async () => {
      const res = await t.http.post('/api/users').set(bearer(root)).send(person({ role: 'admin', company: a.company._id }));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ role: 'admin', mustChangePassword: true, isActive: true, companyName: a.company.name });
      expect(res.body.company).toMatchObject({ _id: a.company._id, name: a.company.name, timeZone: 'UTC' });
    });

    it('lists every user, and one company\'s with ?company=', async () => {
      const all = await t.http.get('/api/users').set(bearer(root));
      expect(all.status).toBe(200);
      const companies = new Set(all.body.map((u: User) => u.company?._id ?? null));
      expect(companies.has(a.company._id) && companies.has(b.company._id)).toBe(true);
      const onlyB = await t.http.get(`/api/users?company=${b.company._id}`).set(bearer(root));
      expect(onlyB.body.every((u: User) => u.company?._id === b.company._id)).toBe(true);
    });

    it('edits and deletes an admin', async () => {
      const created = await t.http.post('/api/users').set(bearer(root)).send(person({ role: 'admin', company: b.company._id }));
      const edited = await t.http.put(`/api/users/${created.body._id}`).set(bearer(root)).send({ name: 'Renamed Admin', department: 'Ops' });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ name: 'Renamed Admin', department: 'Ops', role: 'admin' });
      const removed = await t.http.delete(`/api/users/${created.body._id}`).set(bearer(root));
      expect(removed.body).toEqual({ message: 'Admin deleted successfully' });
    });

    it.each([
      [{ name: '' }, 'Full name is required', 'name'],
      [{ email: 'not-an-email' }, 'Email must be a valid email address', 'email'],
      [{ department: ' ' }, 'Department is required', 'department'],
      [{ phoneNumber: undefined }, 'Phone number is required', 'phoneNumber'],
      [{ password: 'short' }, 'Password must be at least 8 characters long', 'password'],
      [{ role: 'owner' }, 'Role must be one of superadmin, admin, executive', 'role'],
      [{ role: 'admin', company: undefined }, 'Company is required', 'company'],
      [{ role: 'admin', company: 'missing' }, 'Company does not exist', 'company'],
    ])('refuses %p naming the field', async (over, message, field) => {
      const res = await t.http.post('/api/users').set(bearer(root)).send(person(over));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message, field });
    });

    it('refuses a second account with the same email', async () => {
      const body = person({ role: 'admin', company: a.company._id });
      expect((await t.http.post('/api/users').set(bearer(root)).send(body)).status).toBe(201);
      const again = await t.http.post('/api/users').set(bearer(root)).send({ ...body, email: body.email.toUpperCase() });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ message: 'A user with this email already exists', field: 'email' });
    });

    it('reads executives but leaves creating, editing and deleting them to their company\'s admins', async () => {
      const exec = a.executives[0].user;
      const message = "Executives are managed by their company's admins; the superadmin manages companies and admins";
      const created = await t.http.post('/api/users').set(bearer(root)).send(person({ company: a.company._id }));
      expect(created.status).toBe(403);
      expect(created.body).toMatchObject({ code: 'FORBIDDEN', message });
      const edited = await t.http.put(`/api/users/${exec._id}`).set(bearer(root)).send({ name: 'Renamed By Root' });
      expect(edited.status).toBe(403);
      expect(edited.body.message).toBe(message);
      expect((await t.http.delete(`/api/users/${exec._id}`).set(bearer(root))).status).toBe(403);
      const listed = await t.http.get(`/api/users/company/${a.company._id}`).set(bearer(root));
      expect(listed.body.find((u: User) => u._id === exec._id)).toMatchObject({ name: exec.name, isActive: true });
    });

    it('never creates another superadmin', async () => {
      expect((await t.http.post('/api/users').set(bearer(root)).send(person({ role: 'superadmin' }))).status).toBe(403);
    });
  });

  describe('admin', () => {
    it('creates an executive in their own company whatever company the body names', async () => {
      const res = await t.http.post('/api/users').set(bearer(a.admin.token)).send(person({ company: a.company._id }));
      expect(res.status).toBe(201);
      expect(res.body.company._id).toBe(a.company._id);
      const foreign = await t.http.post('/api/users').set(bearer(a.admin.token)).send(person({ company: b.company._id }));
      expect(foreign.status).toBe(403);
      const noCompany = await t.http.post('/api/users').set(bearer(a.admin.token)).send(person());
      expect(noCompany.status).toBe(201);
      expect(noCompany.body.company._id).toBe(a.company._id);
    });

    it('cannot create admins', async () => {
      expect((await t.http.post('/api/users').set(bearer(a.admin.token)).send(person({ role: 'admin' }))).status).toBe(403);
    });

    it('lists only their company\'s users', async () => {
      const res = await t.http.get(`/api/users/company/${a.company._id}`).set(bearer(a.admin.token));
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThan(2);
      expect(res.body.every((u: User) => u.company?._id === a.company._id)).toBe(true);
      const all = await t.http.get('/api/users').set(bearer(a.admin.token));
      expect(all.body.every((u: User) => u.company?._id === a.company._id)).toBe(true);
    });

    it('edits, deactivates and deletes their executives but never roles, admins or superadmins', async () => {
      const exec = a.executives[1];
      const edited = await t.http.put(`/api/users/${exec.user._id}`).set(bearer(a.admin.token)).send({ department: 'Finance' });
      expect(edited.status).toBe(200);
      expect(edited.body.department).toBe('Finance');
      expect((await t.http.put(`/api/users/${exec.user._id}`).set(bearer(a.admin.token)).send({ role: 'admin' })).status).toBe(403);
      expect((await t.http.put(`/api/users/${a.admin.user._id}`).set(bearer(a.admin.token)).send({ name: 'Me' })).status).toBe(403);
      const deactivated = await t.http.put(`/api/users/${exec.user._id}`).set(bearer(a.admin.token)).send({ isActive: false });
      expect(deactivated.body.isActive).toBe(false);
      const gone = await t.http.delete(`/api/users/${exec.user._id}`).set(bearer(a.admin.token));
      expect(gone.body).toEqual({ message: 'Executive deleted successfully' });
      expect((await t.http.put(`/api/users/${exec.user._id}`).set(bearer(a.admin.token)).send({ name: 'x' })).status).toBe(404);
    });

    it('finds their executives by part of a name, e-mail or department, in their company only', async () => {
      const tag = Math.random().toString(36).slice(2, 8);
      const make = (over: Record<string, unknown>) => t.http.post('/api/users').set(bearer(a.admin.token)).send(person(over));
      const byName = (await make({ name: `Zoë Quill-${tag}` })).body as User;
      const byDept = (await make({ name: 'Sam Other', department: `Ops 100%_${tag}` })).body as User;
      const byEmail = (await make({ name: 'Lee Third', email: `q.${tag}@kpi.test` })).body as User;
      await t.http.post('/api/users').set(bearer(b.admin.token)).send(person({ name: `Zoë Quill-${tag}` }));
      const search = (text: string) => t.http.get(`/api/users/company/${a.company._id}`).query({ role: 'executive', search: text }).set(bearer(a.admin.token));

      const ids = async (text: string) => ((await search(text)).body as User[]).map((u) => u._id).sort();
      expect(await ids(`QUILL-${tag}`)).toEqual([byName._id]);
      expect(await ids(tag)).toEqual([byName._id, byDept._id, byEmail._id].sort());
      // % and _ are letters here, not wildcards.
      expect(await ids(`100%_${tag}`)).toEqual([byDept._id]);
      expect(await ids(`100__${tag}`)).toEqual([]);
      // Blank is no filter; too long names the field.
      expect((await search('   ')).body.length).toBeGreaterThan(3);
      const tooLong = await search('x'.repeat(101));
      expect(tooLong.status).toBe(400);
      expect(JSON.stringify(tooLong.body)).toContain('Search must be at most 100 characters');
    });

    it('sees another company as if it did not exist', async () => {
      const foreignExec = b.executives[0].user._id;
      expect((await t.http.get(`/api/users/company/${b.company._id}`).set(bearer(a.admin.token))).status).toBe(404);
      expect((await t.http.get(`/api/users?company=${b.company._id}`).set(bearer(a.admin.token))).status).toBe(403);
      expect((await t.http.put(`/api/users/${foreignExec}`).set(bearer(a.admin.token)).send({ name: 'Hacked' })).status).toBe(404);
      expect((await t.http.delete(`/api/users/${foreignExec}`).set(bearer(a.admin.token))).status).toBe(404);
      expect((await t.http.put(`/api/users/${b.admin.user._id}`).set(bearer(a.admin.token)).send({ isActive: false })).status).toBe(404);
      // And nothing changed over there.
      const theirs = await t.http.get(`/api/users/company/${b.company._id}`).set(bearer(b.admin.token));
      expect(theirs.body.find((u: User) => u._id === foreignExec)).toMatchObject({ isActive: true });
      expect(theirs.body.some((u: User) => u.name === 'Hacked')).toBe(false);
    });
  });

  describe('executive', () => {
    it('manages nobody', async () => {
      const exec = a.executives[0];
      expect((await t.http.get('/api/users').set(bearer(exec.token))).status).toBe(403);
      expect((await t.http.get(`/api/users/company/${a.company._id}`).set(bearer(exec.token))).status).toBe(403);
      expect((await t.http.post('/api/users').set(bearer(exec.token)).send(person())).status).toBe(403);
      expect((await t.http.put(`/api/users/${exec.user._id}`).set(bearer(exec.token)).send({ name: 'Me' })).status).toBe(403);
      expect((await t.http.delete(`/api/users/${a.admin.user._id}`).set(bearer(exec.token))).status).toBe(403);
    });
  });

  describe('badges', () => {
    it('reads own badges, a colleague\'s is 403 and another company\'s 404', async () => {
      const [me, colleague] = [a.executives[0], b.executives[0]];
      expect((await t.http.get(`/api/badges/user/${me.user._id}`).set(bearer(me.token))).body).toEqual([]);
      expect((await t.http.get(`/api/badges/user/${a.admin.user._id}`).set(bearer(me.token))).status).toBe(403);
      expect((await t.http.get(`/api/badges/user/${colleague.user._id}`).set(bearer(me.token))).status).toBe(404);
    });

    it('lets an admin award a catalogue badge to their executive only', async () => {
      const catalogue = await t.http.get('/api/badges').set(bearer(a.admin.token));
      expect(catalogue.body.length).toBeGreaterThan(3);
      const badgeId = catalogue.body[0]._id;
      const target = a.executives[0];
      const res = await t.http.post('/api/badges/assign').set(bearer(a.admin.token)).send({ userId: target.user._id, badgeId, reason: 'Great quarter' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ badge: { _id: badgeId }, reason: 'Great quarter' });
      const mine = await t.http.get(`/api/badges/user/${target.user._id}`).set(bearer(target.token));
      expect(mine.body).toHaveLength(1);
      // The executive is told, like for badges earned automatically.
      const bell = await t.http.get('/api/notifications').set(bearer(target.token));
      expect(bell.body.items[0]).toMatchObject({ kind: 'badge.awarded', link: '/executive/profile' });
      expect(bell.body.items[0].body).toContain('Great quarter');
      expect((await t.http.post('/api/badges/assign').set(bearer(a.admin.token)).send({ userId: b.executives[0].user._id, badgeId })).status).toBe(404);
      expect((await t.http.post('/api/badges/assign').set(bearer(target.token)).send({ userId: target.user._id, badgeId })).status).toBe(403);
    });
  });
});
