import { createHmac } from 'node:crypto';

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
const sign = (data: string, secret: string, alg: 'sha256' | 'sha384' = 'sha256') => createHmac(alg, secret).update(data).digest('base64url');

function token(header: object, payload: object, secret: string, alg: 'sha256' | 'sha384' = 'sha256'): string {
  const data = `${b64(header)}.${b64(payload)}`;
  return `${data}.${sign(data, secret, alg)}`;
}

/**
 * Tokens an attacker could make from a genuine one (`valid`): each must be refused. `secret` is the test app's,
 * so a refusal proves the check itself (algorithm, audience, expiry), not a bad signature.
 */
export function forgedTokens(valid: string, secret: string): Record<string, string> {
  const [h, p] = valid.split('.');
  const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as Record<string, unknown>;
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  const { exp: _exp, ...noExp } = claims;
  return {
    'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
    'alg None, empty signature': `${b64({ alg: 'None', typ: 'JWT' })}.${b64(claims)}.`,
    'another algorithm (HS384) with the right secret': token({ ...header, alg: 'HS384' }, claims, secret, 'sha384'),
    'edited payload (role changed), old signature': `${h}.${b64({ ...claims, role: claims.role === 'superadmin' ? 'admin' : 'superadmin' })}.${valid.split('.')[2]}`,
    'wrong secret': token(header, claims, 'another-secret-that-is-long-enough-0123456789'),
    'a wall display audience': token(header, { ...claims, aud: 'kpi-wall' }, secret),
    'no audience': token(header, { ...claims, aud: undefined }, secret),
    'another issuer': token(header, { ...claims, iss: 'someone-else' }, secret),
    expired: token(header, { ...claims, iat: now - 7200, exp: now - 3600 }, secret),
    'no exp': token(header, noExp, secret),
  };
}
