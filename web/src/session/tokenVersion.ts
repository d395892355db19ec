/**
 * The token version (`tv` claim) of a JWT, read without verifying it: only to tell whether a
 * session.revoked event is about an older token than ours. null when it cannot be read.
 */
export function tokenVersionOf(token: string | null): number | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const claims: unknown = JSON.parse(json);
    const tv = typeof claims === 'object' && claims !== null && 'tv' in claims ? claims.tv : null;
    return typeof tv === 'number' && Number.isFinite(tv) ? tv : null;
  } catch {
    return null;
  }
}

/**
 * Whether a revocation carrying `revokedVersion` leaves this token valid: the session that changed the
 * password already holds a token of that version. When in doubt (no readable version) the answer is
 * false, and the caller asks the server.
 */
export const survivesRevocation = (token: string | null, revokedVersion: number): boolean => {
  const tv = tokenVersionOf(token);
  return tv !== null && tv >= revokedVersion;
};
