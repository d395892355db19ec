import type { PostOptions, PostOutcome } from './safe-post';

/** One event for the sending thread: its body to POST, or what came of it already (nothing to say, too large). */
export type Delivery = { eventId: string; body: string } | { outcome: PostOutcome | null };

/**
 * One endpoint's next events for the sending thread (send.worker.ts), sent one after another, in order. It stops
 * after the first that is not delivered, and starts no send that could end after `sendBefore` (the run's lease)
 * nor, once one is done, later than `answerWithinMs` after the first began: what it answers is written down then.
 */
export interface SendOrder {
  url: string;
  /** The endpoint's live signing secrets as stored (sealed), newest first; null for an unsigned chat channel. */
  sealedSecrets: string[] | null;
  options: PostOptions;
  deliveries: Delivery[];
  /** Milliseconds since the epoch. */
  sendBefore: number;
  answerWithinMs: number;
}

/** What the sending thread is started with. */
export interface SendThreadData {
  /** The server secret the signing secrets are sealed under (secret-box.ts). */
  serverSecret: string;
}
