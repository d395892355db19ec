import type { AppConfig } from '../../config/env';
import type { Limit } from './rate-limiter';

const MINUTE = 60_000;

/** Every limit in one place (docs/security.md lists them). */
export const limitsFor = (config: AppConfig) => ({
  /**
   * Failed sign-ins from one address (attempts still being checked count until they succeed): a budget against
   * spraying many accounts that an office behind one address signing in correctly never uses up (SECURITY.md).
   */
  loginAddress: { name: 'login-failures-address', max: config.loginRateLimit, windowMs: MINUTE } satisfies Limit,
  /** Failed sign-ins of one account, from anywhere: then 429 for that account until the window ends. */
  loginAccount: { name: 'login-account', max: 10, windowMs: 15 * MINUTE } satisfies Limit,
  /** Pairing codes a screen may ask for from one address. */
  wallPairing: { name: 'wall-pairing', max: config.loginRateLimit, windowMs: MINUTE } satisfies Limit,
  /** Invitation and reset links asked for, or tried, from one address (an attacker guessing or mail-bombing). */
  passwordLinkAddress: { name: 'password-link-address', max: config.loginRateLimit, windowMs: MINUTE } satisfies Limit,
  /** Reset links mailed to one account: "forgot password" must not become a way to flood someone's inbox. */
  passwordResetAccount: { name: 'password-reset-account', max: 3, windowMs: 15 * MINUTE } satisfies Limit,
  /** Wrong codes an admin may try to claim (a successful claim costs nothing). */
  wallClaim: { name: 'wall-claim', max: 10, windowMs: 15 * MINUTE } satisfies Limit,
  /** Password changes (right or wrong current password) per user. */
  passwordChange: { name: 'password-change', max: 5, windowMs: 15 * MINUTE } satisfies Limit,
  /** Refused socket handshakes (no token, a bad or expired one) per address: an office reconnecting is not counted. */
  handshakeAddress: { name: 'handshake-failures-address', max: config.handshakeRateLimit, windowMs: MINUTE } satisfies Limit,
  /** Handshakes per signed-in user or wall display: one client's reconnect loop, whatever its address. */
  handshakeUser: { name: 'handshake-user', max: config.handshakeRateLimit, windowMs: MINUTE } satisfies Limit,
  /** Replays of missed events per user: past this, a reconnect gets `resync` (refetch) instead of a replay. */
  replayUser: { name: 'replay-user', max: config.replayRateLimit, windowMs: MINUTE } satisfies Limit,
});

export type Limits = ReturnType<typeof limitsFor>;
export const LIMITS = Symbol('LIMITS');
