/**
 * When a failed delivery is tried again (docs/webhooks.md). Pure: the dispatcher passes the clock and the dice.
 */

/** The default waits after the 1st, 2nd… failure: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const DEFAULT_RETRY_DELAYS_S = [5, 300, 1800, 7200, 18000, 36000, 36000];
/** An endpoint failing this long pauses even with tries left. */
export const MAX_FAILING_MS = 3 * 24 * 3_600_000;

export type AfterFailure = { retryAt: Date } | { pause: string };

export interface Failure {
  /** Failed tries at this event so far, this one included. */
  failures: number;
  /** When the endpoint first failed in this run of failures. */
  failingSince: Date;
  statusCode: number | null;
  /** The receiver's Retry-After header, if it sent one. */
  retryAfter?: string;
}

/** ±20 % around each wait, so endpoints that failed together do not retry together. */
const jittered = (ms: number, random: number) => Math.round(ms * (0.8 + 0.4 * random));

export function afterFailure(failure: Failure, delaysS: readonly number[], now: Date, random: number): AfterFailure {
  if (failure.statusCode === 410) return { pause: 'The endpoint answered 410 Gone' };
  if (failure.failures > delaysS.length) return { pause: `Delivery failed ${failure.failures} times in a row` };
  if (now.getTime() - failure.failingSince.getTime() >= MAX_FAILING_MS) return { pause: 'Deliveries have failed for 3 days' };
  let wait = jittered(delaysS[failure.failures - 1] * 1000, random);
  const asked = retryAfterMs(failure.retryAfter, now);
  if (asked !== null) wait = Math.max(wait, asked);
  return { retryAt: new Date(now.getTime() + wait) };
}

/** Retry-After as seconds or an HTTP date; null when absent or unreadable. Capped at a day. */
export function retryAfterMs(header: string | undefined, now: Date): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  const ms = /^\d+$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - now.getTime();
  if (!Number.isFinite(ms)) return null;
  return Math.min(Math.max(ms, 0), 24 * 3_600_000);
}
