import type { AppConfig } from '../../config/env';
import type { Limit } from './rate-limiter';

const MINUTE = 60_000;

/** Every limit in one place (docs/security.md lists them). */
export const limitsFor = (config: AppConfig) => ({
  /** All sign-in attempts from one address: a budget against spraying many accounts. */
  loginAddress: { name: 'login-address', max: config.loginRateLimit, windowMs: MINUTE } satisfies Limit,
  /** Failed sign-ins of one account, from anywhere: then 429 for that account until the window ends. */
  loginAccount: { name: 'login-account', max: 10, windowMs: 15 * MINUTE } satisfies Limit,
  /** Pairing codes a screen may ask for from one address. */
  wallPairing: { name: 'wall-pairing', max: config.loginRateLimit, windowMs: MINUTE } satisfies Limit,
  /** Wrong codes an admin may try to claim (a successful claim costs nothing). */
  wallClaim: { name: 'wall-claim', max: 10, windowMs: 15 * MINUTE } satisfies Limit,
  /** Password changes (right or wrong current password) per user. */
  passwordChange: { name: 'password-change', max: 5, windowMs: 15 * MINUTE } satisfies Limit,
  /** Socket handshakes per address. */
  handshakeAddress: { name: 'handshake-address', max: config.handshakeRateLimit, windowMs: MINUTE } satisfies Limit,
  /** Replays of missed events per user: past this, a reconnect gets `resync` (refetch) instead of a replay. */
  replayUser: { name: 'replay-user', max: config.replayRateLimit, windowMs: MINUTE } satisfies Limit,
});

export type Limits = ReturnType<typeof limitsFor>;
export const LIMITS = Symbol('LIMITS');
