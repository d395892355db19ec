/** A failed send is tried again after 1 s, 2 s, 4 s… at most 15 min apart, and given up after this many tries. */
export const MAX_ATTEMPTS = 10;
const FIRST_RETRY_MS = 1_000;
const LONGEST_WAIT_MS = 15 * 60_000;

/** How long to wait after the `attempts`-th failed try. */
export const retryDelay = (attempts: number): number => Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_WAIT_MS);

/** Whether a message that just failed its `attempts`-th try is given up. */
export const givesUp = (attempts: number): boolean => attempts >= MAX_ATTEMPTS;
