import { Injectable } from '@nestjs/common';
import type { Actor } from './actor';

/** How long an actor is trusted without asking the database: other instances converge within this. */
export const ACTOR_TTL_MS = 1_000;
/** Beyond this many users the oldest entries go first; a miss only costs one indexed lookup. */
const MAX_ENTRIES = 10_000;

interface Entry {
  tokenVersion: number;
  actor: Actor;
  expiresAt: number;
}

/**
 * The actor behind a user's token, kept for at most a second per user and token version, so a request does
 * not read the user row every time. `forget` (on `session.revoked`, after the commit) drops a user at once on
 * this instance; a lookup that began before that forget can no longer store what it read (see `ticket`).
 */
@Injectable()
export class ActorCache {
  private readonly entries = new Map<string, Entry>();
  /** Every forget takes the next number; a user's last forget is remembered by number. */
  private clock = 0;
  private readonly forgotten = new Map<string, number>();
  /** Tickets below this are refused for everyone (the `forgotten` map was cleared to stay bounded). */
  private floor = 0;

  /** The clock; a test may replace it. */
  now: () => number = () => Date.now();

  get(userId: string, tokenVersion: number): Actor | undefined {
    const entry = this.entries.get(userId);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(userId);
      return undefined;
    }
    return entry.tokenVersion === tokenVersion ? entry.actor : undefined;
  }

  /** Taken before reading the user row; `set` with it is ignored if the user was forgotten meanwhile. */
  ticket(): number {
    return this.clock;
  }

  set(userId: string, tokenVersion: number, actor: Actor, ticket: number): void {
    if (ticket < this.floor || (this.forgotten.get(userId) ?? -1) >= ticket) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.delete(userId); // re-inserted last, so the size bound evicts the oldest
    this.entries.set(userId, { tokenVersion, actor, expiresAt: this.now() + ACTOR_TTL_MS });
  }

  forget(userId: string): void {
    this.entries.delete(userId);
    if (this.forgotten.size >= MAX_ENTRIES) {
      this.forgotten.clear();
      this.floor = this.clock + 1;
    }
    this.forgotten.set(userId, this.clock);
    this.clock += 1;
  }
}
