import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/knex';
import type { ImportJob, ImportPreview, ImportRequest, User } from '@kpi/contracts';
import { bearer, createMember, createTenant, superadminLogin, type Member, type Tenant } from '../utils/factories';
import { connectSocket, startTestApp, SUPERADMIN, type TestApp } from '../utils/test-app';
import { api, BUILT_SUPERADMIN, freePort, startBuilt, type BuiltServer } from '../utils/built-server';

// The driver the api itself uses (through @mikro-orm/sqlite), opened read-only beside the killed server's file.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const sqlite3 = require('sqlite3') as typeof import('sqlite3');
function query<T>(file: string, sql: string, params: unknown[] = []): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY, (err) => err && reject(err));
    db.all(sql, params, (err, rows) => (db.close(), err ? reject(err) : resolve(rows as T[])));
  });
}

/** Bulk import of people from CSV (docs/imports.md), against the real app on its own SQLite file. */
describe('imports', () => {
  let t: TestApp;
  let root: string;
  let a: Tenant;
  let b: Tenant;
  let secondAdminOfA: Member;
  let seq = 0;

  beforeAll(async () => {
    t = await startTestApp();
    root = (await superadminLogin(t)).token;
    a = await createTenant(t, root, 2);
    b = await createTenant(t, root, 1);
    secondAdminOfA = await createMember(t, root, 'admin', a.company._id);
  });
  afterAll(() => t.close());

  const em = () => t.app.get(MikroORM).em.fork() as unknown as EntityManager;
  const scalar = async (sql: string, params: unknown[] = []) => Number(Object.values((await em().getConnection().execute(sql, params))[0] as object)[0]);
  const base64 = (text: string | Buffer) => (typeof text === 'string' ? Buffer.from(text, 'utf8') : text).toString('base64');
  const body = (file: string | Buffer, extra: Partial<ImportRequest> = {}): ImportRequest => ({ kind: 'executives', fileName: 'people.csv', file: base64(file), ...extra });
  const dryRun = (token: string, file: string | Buffer, extra: Partial<ImportRequest> = {}) => t.http.post('/api/imports/dry-run').set(bearer(token)).send(body(file, extra));
  const apply = (token: string, file: string | Buffer, extra: Partial<ImportRequest> = {}) => t.http.post('/api/imports').set(bearer(token)).send(body(file, extra));
  const unique = () => `${Date.now().toString(36)}-${++seq}`;

  /** Polls the job until it stops running (the batches run in the background). */
  async function finished(token: string, id: string): Promise<ImportJob> {
    for (;;) {
      const res = await t.http.get(`/api/imports/${id}`).set(bearer(token));
      expect(res.status).toBe(200);
      if (res.body.status !== 'running') return res.body;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** `n` new people with addresses no other test uses. */
  function peopleFile(n: number, tag = unique(), separator = ','): { csv: string; emails: string[] } {
    const emails = Array.from({ length: n }, (_, i) => `person-${tag}-${i}@import.test`);
    const lines = [['Name', 'Email', 'Department', 'Phone'].join(separator), ...emails.map((e, i) => [`Person ${i}`, e, 'Operations', `+1 555 ${String(1000 + i)}`].join(separator))];
    return { csv: lines.join('\r\n') + '\r\n', emails };
  }

  it('a dry run names every bad row with its line, field and reason, and writes nothing', async () => {
    const [existing, leaving] = a.executives.map((m) => m.user);
    const csv = [
      'Full Name,E-mail,Dept,Telephone,Active',
      'Good Person,good-one@import.test,Sales,+1 555 0101,', // 2: create
      'No Email,,Sales,+1 555 0102,', // 3
      'Twice,GOOD-ONE@import.test,Sales,+1 555 0103,', // 4: duplicate of line 2
      `Elsewhere,${b.executives[0].user.email},Sales,+1 555 0104,`, // 5: another company's
      `The Root,${SUPERADMIN.email},Sales,+1 555 0105,`, // 6: the superadmin
      'Bad Phone,bad-phone@import.test,Sales,call me maybe,', // 7
      `${'N'.repeat(121)},long-name@import.test,Sales,+1 555 0106,`, // 8
      `${existing.name},${existing.email.toUpperCase()},Research,${existing.phoneNumber},`, // 9: update (department)
      `${leaving.name},${leaving.email},${leaving.department},${leaving.phoneNumber},no`, // 10: deactivate
      `Their Admin,${a.admin.user.email},Sales,+1 555 0107,`, // 11: an admin of this company
      'Not A Mail,not-an-email,Sales,+1 555 0108,', // 12
      'Odd Active,odd-active@import.test,Sales,+1 555 0109,perhaps', // 13
    ].join('\n');
    const users = await scalar('select count(*) from users');
    const events = await scalar('select count(*) from event_log');
    const jobs = await scalar('select count(*) from imports');

    const res = await dryRun(a.admin.token, csv);
    expect(res.status).toBe(200);
    const preview = res.body as ImportPreview;
    expect(preview.mapping).toEqual({ name: 0, email: 1, department: 2, phone: 3, active: 4 });
    expect(preview.counts).toEqual({ create: 1, update: 1, unchanged: 0, deactivate: 1, rejected: 9 });
    expect(preview.rejections.map(({ line, field, message }) => ({ line, field, message }))).toEqual([
      { line: 3, field: 'email', message: 'Email is required' },
      { line: 4, field: 'email', message: 'Email appears more than once in the file (first on line 2)' },
      { line: 5, field: 'email', message: 'Email is already used by an account outside this company' },
      { line: 6, field: 'email', message: 'Email is already used by an account outside this company' },
      { line: 7, field: 'phone', message: 'Phone number may contain only digits, spaces and + ( ) - . /' },
      { line: 8, field: 'name', message: 'Full name must be at most 120 characters' },
      { line: 11, field: 'email', message: 'Email belongs to an admin of this company: an import cannot change roles' },
      { line: 12, field: 'email', message: 'Email must be a valid email address' },
      { line: 13, field: 'active', message: 'Active must be yes or no' },
    ]);
    expect(preview.rejections[4].cells).toMatchObject({ name: 'Bad Phone', phone: 'call me maybe' });

    expect(await scalar('select count(*) from users')).toBe(users);
    expect(await scalar('select count(*) from event_log')).toBe(events);
    expect(await scalar('select count(*) from imports')).toBe(jobs);
  });

  it('refuses a file that is not UTF-8, naming the encoding, and an empty one', async () => {
    const latin1 = Buffer.concat([Buffer.from('Name,Email,Department,Phone\nJos'), Buffer.from([0xe9]), Buffer.from(',jose@import.test,Sales,+1 555 0100\n')]);
    const res = await dryRun(a.admin.token, latin1);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'file', message: expect.stringContaining('not valid UTF-8') });

    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Name,Email\n', 'utf16le')]);
    expect((await dryRun(a.admin.token, utf16)).body).toMatchObject({ field: 'file', message: expect.stringContaining('UTF-16') });
    expect((await dryRun(a.admin.token, '\n\n')).body).toMatchObject({ field: 'file' });
    expect((await dryRun(a.admin.token, 'Name,Department\nX,Y\n')).body).toMatchObject({ field: 'mapping.email' });
  });

  it('reads a semicolon file with a byte order mark, quoted cells and a mapping chosen by hand', async () => {
    const tag = unique();
    const csv = `\uFEFFNom;Courriel;Service;Tel\n"Brontë; Anne";anne-${tag}@import.test;"R&D ""Lab""";+44 20 7946 0000\n`;
    const auto = await dryRun(a.admin.token, csv);
    expect(auto.status).toBe(400);
    expect(auto.body.field).toBe('mapping.email');
    const res = await dryRun(a.admin.token, csv, { mapping: { name: 0, email: 1, department: 2, phone: 3, active: null } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ delimiter: ';', headers: ['Nom', 'Courriel', 'Service', 'Tel'], counts: { create: 1, rejected: 0 } });

    const job = await finished(a.admin.token, (await apply(a.admin.token, csv, { mapping: { name: 0, email: 1, department: 2, phone: 3, active: null } })).body.id);
    expect(job).toMatchObject({ status: 'done', created: 1 });
    const [row] = (await t.http.get('/api/users').set(bearer(a.admin.token)).query({ search: `anne-${tag}` })).body as User[];
    expect(row).toMatchObject({ name: 'Brontë; Anne', department: 'R&D "Lab"', phoneNumber: '+44 20 7946 0000' });
  });

  it('applies in the background: creates with invitations, updates, deactivates; one import.applied; re-importing changes nothing', async () => {
    const exec = await createMember(t, a.admin.token, 'executive', a.company._id);
    const { csv: fresh, emails } = peopleFile(450);
    const csv = `${fresh}${exec.user.name},${exec.user.email},Finance,${exec.user.phoneNumber}\r\nBroken,,Sales,+1 555 0199\r\n`;
    const socket = await connectSocket(t, a.admin.token);
    const outsider = await connectSocket(t, b.admin.token);
    try {
      const started = await apply(a.admin.token, csv);
      expect(started.status).toBe(201);
      expect(started.body).toMatchObject({ kind: 'executives', status: 'running', rows: 452, companyId: a.company._id });
      const job = await finished(a.admin.token, started.body.id);
      expect(job).toMatchObject({ status: 'done', rows: 452, processed: 452, created: 450, updated: 1, deactivated: 0, unchanged: 0, rejected: 1, error: null });

      const applied = await socket.waitFor('import.applied', 5000);
      expect(applied.payload).toEqual({ importId: job.id, companyId: a.company._id, kind: 'executives', counts: { created: 450, updated: 1, deactivated: 0, rejected: 1 }, actor: { userId: a.admin.user._id, name: a.admin.user.name, role: 'admin' } });
      expect(socket.events.filter((e) => e.type === 'import.progress').length).toBeGreaterThanOrEqual(3);
      expect(await scalar("select count(*) from event_log where type = 'import.applied' and payload like ?", [`%${job.id}%`])).toBe(1);
      expect(outsider.events.filter((e) => e.type.startsWith('import.'))).toEqual([]);
    } finally {
      socket.close();
      outsider.close();
    }
    // Each new person went through the users module: created, invited (no password), heard of by the admins.
    expect(await scalar(`select count(*) from users where email in (${emails.map(() => '?').join(',')}) and company_id = ? and role = 'executive' and password_hash = ''`, [...emails, a.company._id])).toBe(450);
    expect(await scalar(`select count(*) from password_links l join users u on u.id = l.user_id where u.email in (${emails.map(() => '?').join(',')}) and l.purpose = 'invite'`, emails)).toBe(450);
    expect(await scalar(`select count(*) from event_log where type = 'user.created' and payload like ?`, [`%${emails[449]}%`])).toBe(1);
    const [updated] = (await t.http.get('/api/users').set(bearer(a.admin.token)).query({ search: exec.user.email })).body as User[];
    expect(updated.department).toBe('Finance');

    const result = await t.http.get(`/api/imports/${(await latest()).id}/result`).set(bearer(a.admin.token));
    expect(result.status).toBe(200);
    expect(result.headers['content-type']).toMatch(/text\/csv/);
    const lines = result.text.trim().split('\r\n');
    expect(lines[1]).toBe('Line,Email,Name,Outcome,Field,Reason');
    expect(lines[2]).toBe(`2,${emails[0]},Person 0,created,,`);
    expect(lines).toContain(`452,${exec.user.email},${exec.user.name},updated,,`);
    expect(lines).toContain('453,,Broken,rejected,email,Email is required');

    // The same file again: nothing to create or update, and applying it writes no person.
    const again = await dryRun(a.admin.token, csv);
    expect(again.body.counts).toEqual({ create: 0, update: 0, unchanged: 451, deactivate: 0, rejected: 1 });
    const events = await scalar("select count(*) from event_log where type in ('user.created', 'user.updated')");
    const rerun = await finished(a.admin.token, (await apply(a.admin.token, csv)).body.id);
    expect(rerun).toMatchObject({ status: 'done', created: 0, updated: 0, unchanged: 451, rejected: 1 });
    expect(await scalar("select count(*) from event_log where type in ('user.created', 'user.updated')")).toBe(events);
  });

  async function latest(token = a.admin.token): Promise<ImportJob> {
    const res = await t.http.get('/api/imports').set(bearer(token));
    expect(res.status).toBe(200);
    return res.body[0];
  }

  it('deactivates with Active = no, and fixes a rejected cell in place before applying', async () => {
    const exec = await createMember(t, a.admin.token, 'executive', a.company._id);
    const tag = unique();
    const csv = `Name,Email,Department,Phone,Active\n${exec.user.name},${exec.user.email},Sales,+1 555 0100,no\nFixed Later,fix-${tag}@import.test,Sales,not a phone,\n`;
    const first = await dryRun(a.admin.token, csv);
    expect(first.body.counts).toMatchObject({ deactivate: 1, rejected: 1 });
    expect(first.body.rejections[0]).toMatchObject({ line: 3, field: 'phone' });
    const edits = [{ line: 3, field: 'phone' as const, value: '+1 555 0177' }];
    const fixed = await dryRun(a.admin.token, csv, { edits });
    expect(fixed.body.counts).toEqual({ create: 1, update: 0, unchanged: 0, deactivate: 1, rejected: 0 });
    const job = await finished(a.admin.token, (await apply(a.admin.token, csv, { edits })).body.id);
    expect(job).toMatchObject({ status: 'done', created: 1, deactivated: 1 });
    expect((await t.http.get('/api/auth/verify').set(bearer(exec.token))).status).toBe(401);
  });

  it('two admins applying the same file at once create each person once', async () => {
    const { csv, emails } = peopleFile(300);
    const [one, two] = await Promise.all([apply(a.admin.token, csv), apply(secondAdminOfA.token, csv)]);
    expect([one.status, two.status]).toEqual([201, 201]);
    const jobs = await Promise.all([finished(a.admin.token, one.body.id), finished(secondAdminOfA.token, two.body.id)]);
    expect(jobs.map((j) => j.status)).toEqual(['done', 'done']);
    expect(jobs[0].created + jobs[1].created).toBe(300);
    expect(jobs[0].created + jobs[0].unchanged + jobs[0].updated).toBe(300);
    expect(jobs[1].created + jobs[1].unchanged + jobs[1].updated).toBe(300);
    expect(await scalar(`select count(*) from users where email in (${emails.map(() => '?').join(',')})`, emails)).toBe(300);
  });

  it('a batch that fails part-way leaves none of its people; Resume continues from it and finishes', async () => {
    const { csv, emails } = peopleFile(500);
    // A real failure in the middle of the second batch (row 251 of 500): the database refuses that insert.
    await em().getConnection().execute(`create trigger import_boom before insert on users when new.email = '${emails[250]}' begin select raise(abort, 'disk on fire'); end`);
    let job: ImportJob;
    try {
      job = await finished(a.admin.token, (await apply(a.admin.token, csv)).body.id);
    } finally {
      await em().getConnection().execute('drop trigger import_boom');
    }
    expect(job).toMatchObject({ status: 'failed', processed: 200, created: 200 });
    expect(job.error).toContain('Resume continues from it');
    const inList = (list: string[]) => scalar(`select count(*) from users where email in (${list.map(() => '?').join(',')})`, list);
    // The first batch is whole; of the second (rows 201–400) not one person, though 50 came before the failure.
    expect(await inList(emails.slice(0, 200))).toBe(200);
    expect(await inList(emails.slice(200, 400))).toBe(0);
    expect(await scalar('select count(*) from import_rows where job_id = ? and outcome is not null', [job.id])).toBe(200);

    const resumed = await t.http.post(`/api/imports/${job.id}/resume`).set(bearer(a.admin.token));
    expect(resumed.status).toBe(200);
    const done = await finished(a.admin.token, job.id);
    expect(done).toMatchObject({ status: 'done', processed: 500, created: 500, error: null });
    expect(await inList(emails)).toBe(500);
    expect(await scalar("select count(*) from event_log where type = 'import.applied' and payload like ?", [`%${job.id}%`])).toBe(1);
  });

  it('another company can neither see nor resume an import; executives cannot import; the superadmin imports admins only', async () => {
    const job = await latest();
    for (const path of [`/api/imports/${job.id}`, `/api/imports/${job.id}/result`]) expect((await t.http.get(path).set(bearer(b.admin.token))).status).toBe(404);
    expect((await t.http.post(`/api/imports/${job.id}/resume`).set(bearer(b.admin.token))).status).toBe(404);
    expect(((await t.http.get('/api/imports').set(bearer(b.admin.token))).body as ImportJob[]).map((j) => j.id)).not.toContain(job.id);
    expect((await dryRun(b.admin.token, 'Name,Email\n', { company: a.company._id })).status).toBe(403);
    expect((await dryRun(a.executives[0].token, 'Name,Email\n')).status).toBe(403);
    expect((await dryRun(root, 'Name,Email\n', { company: a.company._id })).status).toBe(403);
    expect((await dryRun(a.admin.token, 'Name,Email\n', { kind: 'admins' })).status).toBe(403);

    const tag = unique();
    const admins = `Name,Email,Department,Phone\nNew Admin,admin-${tag}@import.test,Management,+1 555 0150\n${a.executives[0].user.name},${a.executives[0].user.email},Sales,+1 555 0100\n`;
    expect((await dryRun(root, admins, { kind: 'admins' })).body).toMatchObject({ field: 'company' });
    const preview = await dryRun(root, admins, { kind: 'admins', company: a.company._id });
    expect(preview.body.counts).toMatchObject({ create: 1, rejected: 1 });
    expect(preview.body.rejections[0].message).toBe('Email belongs to an executive of this company: an import cannot change roles');
    const adminJob = await finished(root, (await apply(root, admins, { kind: 'admins', company: a.company._id })).body.id);
    expect(adminJob).toMatchObject({ status: 'done', created: 1, rejected: 1 });
    // The company's admins do not see the superadmin's imports of admins; the superadmin lists them by kind.
    expect((await t.http.get(`/api/imports/${adminJob.id}`).set(bearer(a.admin.token))).status).toBe(404);
    expect(((await t.http.get('/api/imports').set(bearer(a.admin.token))).body as ImportJob[]).map((j) => j.id)).not.toContain(adminJob.id);
    const ofAdmins = (await t.http.get('/api/imports').query({ kind: 'admins' }).set(bearer(root))).body as ImportJob[];
    expect(ofAdmins.map((j) => j.id)).toEqual([adminJob.id]);
  });

  it('the template and the export are CSV files in the import format, formulas neutralised; export → import changes nothing', async () => {
    const template = await t.http.get('/api/imports/template').query({ kind: 'executives' }).set(bearer(a.admin.token));
    expect(template.status).toBe(200);
    expect(template.text.split('\r\n')[1]).toBe('Name,Email,Department,Phone,Active');

    await t.http.put(`/api/users/${a.executives[1].user._id}`).set(bearer(a.admin.token)).send({ name: '=HYPERLINK("http://evil")', isActive: true });
    const exported = await t.http.get('/api/imports/export').query({ kind: 'executives' }).set(bearer(a.admin.token));
    expect(exported.status).toBe(200);
    expect(exported.text).toContain(`"'=HYPERLINK(""http://evil"")",${a.executives[1].user.email}`);
    expect(exported.text).toMatch(/,'\+1 555 0100,yes\r\n/);
    expect(exported.text).not.toContain(b.executives[0].user.email);

    const back = await dryRun(a.admin.token, exported.text);
    expect(back.status).toBe(200);
    expect(back.body.counts).toMatchObject({ create: 0, update: 0, deactivate: 0, rejected: 0 });
    expect(back.body.counts.unchanged).toBeGreaterThan(400);
    expect((await t.http.get('/api/imports/export').query({ kind: 'executives', company: b.company._id }).set(bearer(a.admin.token))).status).toBe(403);
  });
});

/**
 * A real kill: the built server (as in production) is SIGKILLed while it applies an import, then started again on
 * the same database file. Between the two, the file holds whole batches only; after the restart the node takes
 * the job over once the dead node's lease lapsed and finishes it, with one import.applied.
 */
describe('imports: a node killed mid-import', () => {
  const ROWS = 1200;
  let dir: string;
  let server: BuiltServer | null = null;
  jest.setTimeout(150_000);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kpi-import-kill-'));
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves no half-written person and finishes after the restart', async () => {
    const port = await freePort();
    server = await startBuilt(dir, port);
    let call = api(server.url);
    const root = (await call('POST', '/auth/login', undefined, BUILT_SUPERADMIN)).body.token as string;
    const company = (await call('POST', '/companies', root, { name: 'Kill Co', industry: 'Testing', description: 'Killed mid-import' })).body;
    const password = 'temporary-pass-1';
    await call('POST', '/users', root, { name: 'Kill Admin', email: 'admin@kill.test', department: 'Ops', phoneNumber: '+1 555 0100', password, role: 'admin', company: company._id });
    let admin = (await call('POST', '/auth/login', undefined, { email: 'admin@kill.test', password })).body.token as string;
    const emails = Array.from({ length: ROWS }, (_, i) => `killed-${i}@kill.test`);
    const csv = ['Name,Email,Department,Phone', ...emails.map((e, i) => `Person ${i},${e},Ops,+1 555 ${10000 + i}`)].join('\n');
    const started = await call('POST', '/imports', admin, { kind: 'executives', fileName: 'kill.csv', file: Buffer.from(csv).toString('base64') });
    expect(started.status).toBe(201);
    const id = started.body.id as string;

    // Killed once at least one batch committed and before the last.
    for (;;) {
      const job = (await call('GET', `/imports/${id}`, admin)).body;
      expect(job.status).toBe('running');
      if (job.processed >= 200) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    server.child.kill('SIGKILL');
    await server.exited;

    const file = join(dir, 'kpi.sqlite');
    const inFile = `(${emails.map(() => '?').join(',')})`;
    const [state] = await query<{ people: number; invited: number; outcomes: number; processed: number; created: number }>(
      file,
      `select (select count(*) from users where email in ${inFile}) as people,
              (select count(distinct l.user_id) from password_links l join users u on u.id = l.user_id where u.email in ${inFile}) as invited,
              (select count(*) from import_rows where job_id = ? and outcome = 'created') as outcomes,
              (select processed from imports where id = ?) as processed,
              (select created from imports where id = ?) as created`,
      [...emails, ...emails, id, id, id],
    );
    expect(state.people).toBeLessThan(ROWS);
    expect(state.people % 200).toBe(0);
    expect(state).toEqual({ people: state.people, invited: state.people, outcomes: state.people, processed: state.people, created: state.people });

    server = await startBuilt(dir, port);
    call = api(server.url);
    admin = (await call('POST', '/auth/login', undefined, { email: 'admin@kill.test', password })).body.token as string;
    let job;
    for (;;) {
      job = (await call('GET', `/imports/${id}`, admin)).body;
      if (job.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(job).toMatchObject({ status: 'done', processed: ROWS, created: ROWS, rejected: 0 });
    const [after] = await query<{ people: number; applied: number }>(
      file,
      `select (select count(*) from users where email in ${inFile}) as people, (select count(*) from event_log where type = 'import.applied' and payload like ?) as applied`,
      [...emails, `%${id}%`],
    );
    expect(after).toEqual({ people: ROWS, applied: 1 });
  });
});
