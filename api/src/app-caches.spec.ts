import { EVENT_TYPES } from '@kpi/contracts';
import { ActorCache } from './common/auth/actor-cache';
import { CacheDrops, type DroppableCache } from './common/caching/cache-drops';
import { VerifyAnswers } from './modules/auth/verify-answers';
import { BadgeCatalogue } from './modules/badges/badge-catalogue';
import { StandingsCache } from './modules/leaderboard/standings-cache';
import { TaskPages } from './modules/tasks/task-pages';

describe("the app's caches follow the event catalogue (docs/caching.md)", () => {
  it('every cache of the app says, for every event type of the catalogue, what it drops', () => {
    const drops = new CacheDrops();
    const caches: DroppableCache[] = [new ActorCache(drops), new VerifyAnswers(drops), new TaskPages(drops), new StandingsCache(drops), new BadgeCatalogue(drops)];
    for (const cache of caches) {
      expect({ cache: cache.cacheName, types: Object.keys(cache.dropRules).sort() }).toEqual({ cache: cache.cacheName, types: [...EVENT_TYPES].sort() });
    }
  });

});
