import { Injectable } from '@nestjs/common';
import type { VerifyResponse } from '@kpi/contracts';
import { ACTOR_TTL_MS } from '../../common/auth/actor-cache';
import { KeptAnswers } from '../../common/caching/kept-answers';
import type { JsonValue } from '../../common/http/prepared-json';
import { CommitFeed, type RecordedEvent } from '../../events/commit-feed';

/** Beyond this many users the oldest answers go first; a miss costs one indexed read. */
const MAX_USERS = 10_000;

/** The users whose row an event may have changed; null when it may be anyone's (a company renamed). */
function usersOf({ envelope, audience }: RecordedEvent): string[] | null {
  if (envelope.type.startsWith('company.')) return null;
  const ids: string[] = audience.kind === 'user' ? [audience.userId] : [];
  const payload = envelope.payload as { user?: { _id?: unknown }; userId?: unknown };
  if (typeof payload.user?._id === 'string') ids.push(payload.user._id);
  if (typeof payload.userId === 'string') ids.push(payload.userId);
  return ids;
}

/**
 * `GET /auth/verify` answers, kept per user for as long as the actor cache trusts a user (a second): the
 * guard has already checked the token against the user row within that second, and this answer is that
 * row's view. A committed change to the user (or to any company: its name is in the answer) drops it at
 * once on this instance; other instances follow within the second, as they do for the actor
 * (docs/decisions.md). A read still running at a drop is not handed to later callers.
 */
@Injectable()
export class VerifyAnswers {
  /** The clock; a test may replace it. */
  now: () => number = () => Date.now();
  private readonly kept = new KeptAnswers<JsonValue<VerifyResponse>>(MAX_USERS, () => this.now(), ACTOR_TTL_MS);

  constructor(feed: CommitFeed) {
    feed.listen(({ events }) => {
      for (const event of events) {
        const users = usersOf(event);
        if (users === null) this.kept.dropAll();
        else for (const id of users) this.kept.drop(id);
      }
    });
  }

  get(userId: string, read: () => Promise<JsonValue<VerifyResponse>>): Promise<JsonValue<VerifyResponse>> {
    return this.kept.get(userId, [userId], read);
  }
}
