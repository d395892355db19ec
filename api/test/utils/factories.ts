import type { Company, LoginResponse, User } from '@kpi/contracts';
import { login, startTestApp, SUPERADMIN, type TestApp } from './test-app';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function superadminLogin(t: TestApp): Promise<LoginResponse> {
  return login(t, SUPERADMIN.email, SUPERADMIN.password);
}

export async function createCompany(t: TestApp, superToken: string, name = `Company ${unique()}`): Promise<Company> {
  const res = await t.http
    .post('/api/companies')
    .set(bearer(superToken))
    .send({ name, industry: 'Testing', description: 'A company made by a test' });
  if (res.status !== 201) throw new Error(`create company: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export interface Member {
  user: User;
  token: string;
  password: string;
}

/** Creates a user through the API as `creatorToken` and signs them in. */
export async function createMember(
  t: TestApp,
  creatorToken: string,
  role: 'admin' | 'executive',
  companyId: string,
  overrides: Partial<{ name: string; department: string }> = {},
): Promise<Member> {
  const password = 'temporary-pass-1';
  const email = `${role}-${unique()}@kpi.test`;
  const res = await t.http
    .post('/api/users')
    .set(bearer(creatorToken))
    .send({ name: overrides.name ?? `${role} ${unique()}`, email, department: overrides.department ?? 'Sales', phoneNumber: '+1 555 0100', password, role, company: companyId });
  if (res.status !== 201) throw new Error(`create ${role}: ${res.status} ${JSON.stringify(res.body)}`);
  const session = await login(t, email, password);
  return { user: session.user, token: session.token, password };
}

export interface Tenant {
  company: Company;
  admin: Member;
  executives: Member[];
}

/** A company with one admin and `executives` executives, all signed in. */
export async function createTenant(t: TestApp, superToken: string, executives = 2): Promise<Tenant> {
  const company = await createCompany(t, superToken);
  const admin = await createMember(t, superToken, 'admin', company._id);
  const list: Member[] = [];
  for (let i = 0; i < executives; i++) list.push(await createMember(t, admin.token, 'executive', company._id));
  return { company, admin, executives: list };
}

export interface TwoCompanies {
  t: TestApp;
  /** The superadmin's token. */
  root: string;
  a: Tenant;
  b: Tenant;
}

/** The usual isolation fixture: a fresh app with company A (two executives) and company B (one). */
export async function startTwoCompanies(): Promise<TwoCompanies> {
  const t = await startTestApp();
  const root = (await superadminLogin(t)).token;
  const a = await createTenant(t, root, 2);
  const b = await createTenant(t, root, 1);
  return { t, root, a, b };
}
