/** Beyond this many tokens the oldest go first; a miss only costs one signature check. */
const MAX_TOKENS = 10_000;

interface Verified<T> {
  claims: T;
  /** When the token expires, in ms since the epoch (its `exp`). */
  expiresAt: number;
}

/**
 * The claims of tokens whose signature, algorithm, issuer and audience were already checked, kept by the exact
 * token string until the token's own `exp`. A token is immutable, so its signature checks out the same way
 * every time; what can change (the user deactivated, the token version bumped) is checked after this, on
 * every request. Only successful verifications are kept, so a forged token is checked (and refused) each time.
 */
export class VerifiedTokens<T extends { exp?: number }> {
  private readonly tokens = new Map<string, Verified<T>>();

  /** The clock; a test may replace it. */
  now: () => number = () => Date.now();

  get(token: string): T | undefined {
    const hit = this.tokens.get(token);
    if (!hit) return undefined;
    if (hit.expiresAt <= this.now()) {
      this.tokens.delete(token);
      return undefined;
    }
    return hit.claims;
  }

  /** Kept only with a numeric `exp`: a token without one is refused by the caller anyway. */
  set(token: string, claims: T): void {
    if (typeof claims.exp !== 'number') return;
    if (this.tokens.size >= MAX_TOKENS) this.tokens.delete(this.tokens.keys().next().value!);
    this.tokens.set(token, { claims, expiresAt: claims.exp * 1000 });
  }
}
