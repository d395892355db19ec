import { Injectable } from '@nestjs/common';
import { CacheDrops } from '../common/caching/cache-drops';
import { CommitFeed } from './commit-feed';

/**
 * Every committed unit of work's events go to the caches' drop rules (common/caching/cache-drops.ts) first, before
 * any other listener of the commit feed: an answer a client refetches because of an event is never an older one.
 */
@Injectable()
export class CommittedCacheDrops {
  constructor(feed: CommitFeed, drops: CacheDrops) {
    feed.listen(({ events }) => drops.committed(events.map(({ envelope, audience }) => ({ type: envelope.type, payload: envelope.payload, audience }))));
  }
}
