import { Injectable } from '@nestjs/common';
import { CacheDrops, keepAll, type Change, type DropRules, type DroppableCache } from '../caching/cache-drops';
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

/** The user an event names as changed (payload `user` or `userId`). */
const userIn = ({ payload }: Change): string[] => {
  const p = payload as { user?: { _id: string }; userId?: string };
  return p.user ? [p.user._id] : p.userId ? [p.userId] : [];
};
const revokedUser = ({ audience }: Change): string[] => (audience.kind === 'user' ? [audience.userId] : []);

/** The actor is a user's id, role, company and activity: what changes them drops the user. */
const ACTOR_DROPS: DropRules = {
  'session.revoked': revokedUser,
  'user.updated': userIn,
  'user.deleted': userIn,
  'admin.updated': userIn,
  'admin.deleted': userIn,
  // A deleted company's people: their sessions are revoked one by one, and everyone goes for good measure.
  'company.deleted': () => 'everything',
  'user.created': keepAll,
  'admin.created': keepAll,
  'company.created': keepAll,
  'company.updated': keepAll,
  'task.assigned': keepAll,
  'task.updated': keepAll,
  'task.deleted': keepAll,
  'task.submitted': keepAll,
  'task.scored': keepAll,
  'leaderboard.updated': keepAll,
  'leaderboard.generated': keepAll,
  'announcement.created': keepAll,
  'announcement.updated': keepAll,
  'announcement.pinned': keepAll,
  'announcement.deleted': keepAll,
  'badge.awarded': keepAll,
  'notification.created': keepAll,
  'notification.read': keepAll,
  'notification.broadcast': keepAll,
  'stats.changed': keepAll,
  'webhook.attempted': keepAll,
  'webhook.updated': keepAll,
  'webhook.deleted': keepAll,
  'sso.updated': keepAll,
  'wall.paired': keepAll,
  'wall.unpaired': keepAll,
  'audit.recorded': keepAll,
  'import.progress': keepAll,
  'import.applied': keepAll,
};

/**
 * The actor behind a user's token, kept for at most a second per user and token version, so a request does
 * not read the user row every time. A committed revocation or change of the user drops them at once, on every
 * node (common/caching/cache-drops.ts); a lookup that began before that can no longer store what it read (see
 * `ticket`).
 */
@Injectable()
export class ActorCache implements DroppableCache {
  readonly cacheName = 'actors';
  readonly dropRules = ACTOR_DROPS;
  private readonly entries = new Map<string, Entry>();
  /** Every forget takes the next number; a user's last forget is remembered by number. */
  private clock = 0;
  private readonly forgotten = new Map<string, number>();
  /** Tickets below this are refused for everyone (the `forgotten` map was cleared to stay bounded). */
  private floor = 0;

  /** The clock; a test may replace it. */
  now: () => number = () => Date.now();

  constructor(drops?: CacheDrops) {
    drops?.register(this);
  }

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

  drop(userIds: readonly string[]): void {
    for (const id of userIds) this.forget(id);
  }

  dropEverything(): void {
    this.entries.clear();
    this.forgotten.clear();
    this.floor = this.clock + 1;
    this.clock += 1;
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
