import { MikroORM } from '@mikro-orm/core';
import { FORGOT_PASSWORD_ANSWER, type InvitationResponse, type User } from '@kpi/contracts';
import { PasswordLinkMail, type PasswordLinkMessage } from '../../src/common/mail/password-link-mail';
import { bearer, createTenant, superadminLogin, type Tenant } from '../utils/factories';
import { startTestApp, type TestApp } from '../utils/test-app';

const tokenOf = (link: string) => link.slice(link.indexOf('#') + 1);

describe('invitations and forgot password', () => {
  let t: TestApp;
  let root: string;
  let a: Tenant;
  let b: Tenant;
  let counter = 0;

  beforeAll(async () => {
    t = await startTestApp();
    root = (await superadminLogin(t)).token;
    a = await createTenant(t, root, 1);
    b = await createTenant(t, root, 0);
  });
  afterAll(() => t.close());

  /** An executive of company A created without a password, as the invitation path does. */
  async function newcomer(): Promise<User> {
    const res = await t.http
      .post('/api/users')
      .set(bearer(a.admin.token))
      .send({ name: `New Person ${++counter}`, email: `new-${counter}-${Date.now()}@kpi.test`, department: 'Sales', phoneNumber: '+1 555 0101', role: 'executive' });
    expect(res.status).toBe(201);
    return res.body;
  }
  const invite = async (user: User, token = a.admin.token) => (await t.http.post(`/api/users/${user._id}/invitation`).set(bearer(token))) as { status: number; body: InvitationResponse };
  const inspect = (token: string) => t.http.post('/api/auth/password-links/inspect').send({ token });
  const redeem = (token: string, password = 'my-own-choice-7') => t.http.post('/api/auth/password-links/redeem').send({ token, password });
  const signIn = (email: string, password: string) => t.http.post('/api/auth/login').send({ email, password });
  const stateOf = async (user: User) => {
    const res = await t.http.get(`/api/users/company/${a.company._id}`).set(bearer(a.admin.token)).query({ search: user.email });
    return (res.body as User[]).find((u) => u._id === user._id)?.signIn;
  };

  it('a person created without a password cannot sign in until they accept an invitation; the link works once', async () => {
    const user = await newcomer();
    expect(await stateOf(user)).toBe('not-invited');
    expect((await signIn(user.email, 'anything-at-all')).status).toBe(401);

    const sent = await invite(user);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ emailed: false, message: 'Invitation created: copy the link and send it to them' });
    expect(sent.body.link).toMatch(/^http:\/\/localhost:\d+\/set-password#[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(sent.body.expiresAt) - Date.now()).toBeGreaterThan(71 * 3_600_000);
    expect(await stateOf(user)).toBe('invited');

    const token = tokenOf(sent.body.link);
    expect((await inspect(token)).body).toMatchObject({ purpose: 'invite', name: user.name, email: user.email });
    const accepted = await redeem(token);
    expect(accepted.status).toBe(200);
    expect(accepted.body.user).toMatchObject({ _id: user._id, mustChangePassword: false });
    expect((await t.http.get('/api/auth/verify').set(bearer(accepted.body.token))).status).toBe(200);
    expect((await signIn(user.email, 'my-own-choice-7')).status).toBe(200);
    expect(await stateOf(user)).toBe('active');

    const again = await redeem(token, 'someone-elses-9');
    expect(again.status).toBe(410);
    expect(again.body.message).toBe('This link has already been used. Sign in, or ask for a new link');
    expect((await inspect(token)).status).toBe(410);
    expect((await signIn(user.email, 'someone-elses-9')).status).toBe(401);
  });

  it('a resend withdraws the earlier link; a revoked link says so; an expired one too', async () => {
    const user = await newcomer();
    const first = tokenOf((await invite(user)).body.link);
    const second = tokenOf((await invite(user)).body.link);
    const withdrawn = await redeem(first);
    expect(withdrawn.status).toBe(410);
    expect(withdrawn.body.message).toBe('This link was withdrawn. Ask your administrator for a new invitation');

    expect((await t.http.delete(`/api/users/${user._id}/invitation`).set(bearer(a.admin.token))).status).toBe(200);
    expect((await redeem(second)).body.message).toBe('This link was withdrawn. Ask your administrator for a new invitation');
    expect(await stateOf(user)).toBe('not-invited');
    expect((await t.http.delete(`/api/users/${user._id}/invitation`).set(bearer(a.admin.token))).status).toBe(404);

    const third = tokenOf((await invite(user)).body.link);
    await t.app.get(MikroORM).em.getConnection().execute('update password_links set expires_at = ? where user_id = ? and used_at is null and revoked_at is null', [new Date(Date.now() - 1000), user._id]);
    expect(await stateOf(user)).toBe('expired');
    const expired = await redeem(third);
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe('This link has expired. Ask for a new one');
    expect((await inspect('x'.repeat(43))).body.message).toBe('This link is not valid. Check that you copied all of it, or ask for a new one');
  });

  it("another company's admin cannot invite or withdraw; an executive cannot at all", async () => {
    const user = await newcomer();
    expect((await invite(user, b.admin.token)).status).toBe(404);
    expect((await t.http.delete(`/api/users/${user._id}/invitation`).set(bearer(b.admin.token))).status).toBe(404);
    expect((await invite(user, a.executives[0].token)).status).toBe(403);
  });

  it("the create form's temporary password still works: a temporary password, to be changed at first sign-in", async () => {
    const res = await t.http
      .post('/api/users')
      .set(bearer(a.admin.token))
      .send({ name: 'Temp Person', email: `temp-${Date.now()}@kpi.test`, department: 'Sales', phoneNumber: '+1 555 0102', role: 'executive', password: 'temporary-pass-1' });
    expect(res.status).toBe(201);
    expect(res.body.mustChangePassword).toBe(true);
    expect((await signIn(res.body.email, 'temporary-pass-1')).status).toBe(200);
  });

  describe('forgot password (with a mail sender plugged in)', () => {
    const sent: PasswordLinkMessage[] = [];
    let arrived: (() => void) | null = null;
    beforeAll(() => t.app.get(PasswordLinkMail).use({ send: async (m) => void (sent.push(m), arrived?.()) }));
    afterAll(() => t.app.get(PasswordLinkMail).use(null));
    const nextMail = () => new Promise<void>((resolve) => (arrived = resolve));
    const forgot = (email: string) => t.http.post('/api/auth/forgot-password').send({ email });

    it('answers the same for an account that exists and one that does not; only the real one gets a link', async () => {
      const member = a.executives[0];
      const mail = nextMail();
      const known = await forgot(member.user.email.toUpperCase());
      const unknown = await forgot('nobody-at-all@kpi.test');
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(known.body).toEqual({ message: FORGOT_PASSWORD_ANSWER });
      expect(unknown.body).toEqual(known.body);
      await mail;
      await new Promise((r) => setTimeout(r, 200));
      expect(sent.map((m) => [m.purpose, m.to])).toEqual([['reset', member.user.email]]);
    });

    it('the reset link sets a new password once and ends the sessions opened with the old one', async () => {
      const member = a.executives[0];
      const token = tokenOf(sent[sent.length - 1].link);
      const res = await redeem(token, 'a-fresh-start-12');
      expect(res.status).toBe(200);
      expect((await t.http.get('/api/auth/verify').set(bearer(member.token))).status).toBe(401);
      expect((await signIn(member.user.email, member.password)).status).toBe(401);
      expect((await signIn(member.user.email, 'a-fresh-start-12')).status).toBe(200);
      expect((await redeem(token, 'again-and-again-3')).status).toBe(410);
    });
  });
});
