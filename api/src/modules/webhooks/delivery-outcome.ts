import type { PostOutcome } from './safe-post';

/** The receiver took it: any 2xx. */
export const succeeded = (outcome: PostOutcome): boolean => outcome.error === null && outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;

/** Sent and taken, or nothing to send (a chat channel's silence, null), or passed over (too large): move on. */
export const delivered = (outcome: PostOutcome | null): boolean =>
  outcome === null || succeeded(outcome) || (outcome.statusCode === null && outcome.error?.endsWith('passed over') === true);
