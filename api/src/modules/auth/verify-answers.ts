import { Injectable } from '@nestjs/common';
import type { VerifyResponse } from '@kpi/contracts';
import { ACTOR_TTL_MS } from '../../common/auth/actor-cache';
import { CacheDrops, keepAll, type Change, type DropRules, type DroppableCache } from '../../common/caching/cache-drops';
import { KeptAnswers } from '../../common/caching/kept-answers';
import type { JsonValue } from '../../common/http/prepared-json';

/** Beyond this many users the oldest answers go first; a miss costs one indexed read. */
const MAX_USERS = 10_000;

const changedUser = ({ payload }: Change): string[] => {
  const p = payload as { user?: { _id: string }; userId?: string };
  return p.user ? [p.user._id] : p.userId ? [p.userId] : [];
};
const recipient = ({ audience }: Change): string[] => (audience.kind === 'user' ? [audience.userId] : []);

/** The answer is the user's row and their company's name. */
const VERIFY_DROPS: DropRules = {
  'user.created': changedUser,
  'user.updated': changedUser,
  'user.deleted': changedUser,
  'admin.created': changedUser,
  'admin.updated': changedUser,
  'admin.deleted': changedUser,
  'session.revoked': recipient,
  // A company's name is in every one of its people's answers.
  'company.updated': () => 'everything',
  'company.deleted': () => 'everything',
  'company.created': keepAll,
  'badge.awarded': keepAll,
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
 * `GET /auth/verify` answers, kept per user for as long as the actor cache trusts a user (a second): the
 * guard has already checked the token against the user row within that second, and this answer is that
 * row's view. A committed change to the user (or to any company: its name is in the answer) drops it at
 * once, on every node (common/caching/cache-drops.ts). A read still running at a drop is not handed to later
 * callers.
 */
@Injectable()
export class VerifyAnswers implements DroppableCache {
  readonly cacheName = 'verify-answers';
  readonly dropRules = VERIFY_DROPS;
  /** The clock; a test may replace it. */
  now: () => number = () => Date.now();
  private readonly kept = new KeptAnswers<JsonValue<VerifyResponse>>(MAX_USERS, () => this.now(), ACTOR_TTL_MS);

  constructor(drops: CacheDrops) {
    drops.register(this);
  }

  get(userId: string, read: () => Promise<JsonValue<VerifyResponse>>): Promise<JsonValue<VerifyResponse>> {
    return this.kept.get(userId, [userId], read);
  }

  drop(userIds: readonly string[]): void {
    for (const id of userIds) this.kept.drop(id);
  }

  dropEverything(): void {
    this.kept.dropAll();
  }
}
