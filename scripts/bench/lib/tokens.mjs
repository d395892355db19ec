import { createHmac } from 'node:crypto';
import { JWT_SECRET } from './app.mjs';

const b64 = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A session token exactly as the api issues one (HS256, { sub, role, tv, iss, aud }; api/src/common/auth/token-options.ts), signed with the bench's
 * JWT_SECRET: a thousand sockets need a thousand sessions, and a thousand argon2 logins would take longer
 * than the measurement. The api still verifies each one (signature, user, token version).
 */
export function mintToken(user, secret = JWT_SECRET) {
  const now = Math.floor(Date.now() / 1000);
  const head = b64({ alg: 'HS256', typ: 'JWT' });
  const body = b64({ sub: user.id, role: user.role, tv: user.tokenVersion ?? 0, iss: 'kpi-tracker', aud: 'kpi-user', iat: now, exp: now + 12 * 3600 });
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}
