import { Injectable } from '@nestjs/common';
import { ActorCache } from '../../common/auth/actor-cache';
import { CommitFeed } from '../../events/commit-feed';

/**
 * A committed `session.revoked` drops the user from this instance's actor cache at once, so their next request
 * reads the user row again; other instances follow within the cache's TTL.
 */
@Injectable()
export class RevokedSessions {
  constructor(feed: CommitFeed, actors: ActorCache) {
    feed.listen(({ events }) => {
      for (const { envelope, audience } of events) {
        if (envelope.type === 'session.revoked' && audience.kind === 'user') actors.forget(audience.userId);
      }
    });
  }
}
