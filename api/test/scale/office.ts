import { createHmac } from 'node:crypto';
import request from 'supertest';
import type { User } from '@kpi/contracts';
import { bearer, type Member } from '../utils/factories';
import type { TestApp } from '../utils/test-app';
import { SCALE_JWT_SECRET } from './cluster';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A session token in the api's own format (HS256, `{ sub, role, tv, iss, aud }`, common/auth/token-options.ts),
 * signed with the suite's secret: an office of a thousand people needs a thousand sessions, and a thousand argon2
 * sign-ins would take minutes. The nodes still verify each one (signature, user, token version).
 */
export function mintToken(user: Pick<User, '_id' | 'role'>): string {
  const now = Math.floor(Date.now() / 1000);
  const head = b64({ alg: 'HS256', typ: 'JWT' });
  const body = b64({ sub: user._id, role: user.role, tv: 0, iss: 'kpi-tracker', aud: 'kpi-user', iat: now, exp: now + 3600 });
  return `${head}.${body}.${createHmac('sha256', SCALE_JWT_SECRET).update(`${head}.${body}`).digest('base64url')}`;
}

/**
 * `count` new executives of the admin's company, imported from one CSV file as an admin onboards an office
 * (docs/imports.md), each with a token of their own.
 */
export async function importExecutives(front: TestApp, adminToken: string, count: number, prefix: string): Promise<Member[]> {
  const rows = Array.from({ length: count }, (_, i) => `${prefix} ${i},${prefix.toLowerCase()}${i}@office.test,Floor ${i % 7},+1 555 010 ${String(i).padStart(4, '0')}`);
  const file = Buffer.from(['Name,Email,Department,Phone', ...rows].join('\n')).toString('base64');
  const job = await request(front.url).post('/api/imports').set(bearer(adminToken)).send({ kind: 'executives', fileName: 'office.csv', file }).expect(201);
  const id = (job.body as { id: string }).id;
  for (let status = 'running'; status === 'running'; ) {
    await new Promise((r) => setTimeout(r, 200));
    const res = await request(front.url).get(`/api/imports/${id}`).set(bearer(adminToken)).expect(200);
    status = (res.body as { status: string; error: string | null }).status;
    if (status === 'failed') throw new Error(`import failed: ${(res.body as { error: string }).error}`);
  }
  const people: User[] = [];
  for (let cursor: string | undefined = ''; cursor !== undefined; ) {
    const res: request.Response = await request(front.url)
      .get(`/api/users?role=executive&limit=200&search=${encodeURIComponent(prefix.toLowerCase())}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
      .set(bearer(adminToken))
      .expect(200);
    people.push(...(res.body as User[]));
    cursor = (res.headers['x-next-cursor']) || undefined;
  }
  if (people.length !== count) throw new Error(`imported ${people.length} executives, expected ${count}`);
  return people.map((user) => ({ user, token: mintToken(user), password: '' }));
}
