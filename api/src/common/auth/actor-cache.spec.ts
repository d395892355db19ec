import type { Actor } from './actor';
import { ACTOR_TTL_MS, ActorCache } from './actor-cache';

const actor: Actor = { userId: 'u1', role: 'executive', companyId: 'c1', name: 'Ada' };

function cacheAt(start = 1_000) {
  const cache = new ActorCache();
  let now = start;
  cache.now = () => now;
  return { cache, advance: (ms: number) => (now += ms) };
}

describe('ActorCache', () => {
  it('answers for the same user and token version only', () => {
    const { cache } = cacheAt();
    cache.set('u1', 3, actor, cache.ticket());
    expect(cache.get('u1', 3)).toBe(actor);
    expect(cache.get('u1', 2)).toBeUndefined();
    expect(cache.get('u2', 3)).toBeUndefined();
  });

  it('forgets an entry once its second is over, so other instances converge', () => {
    const { cache, advance } = cacheAt();
    cache.set('u1', 0, actor, cache.ticket());
    advance(ACTOR_TTL_MS - 1);
    expect(cache.get('u1', 0)).toBe(actor);
    advance(1);
    expect(cache.get('u1', 0)).toBeUndefined();
  });

  it('drops a user at once on forget', () => {
    const { cache } = cacheAt();
    cache.set('u1', 0, actor, cache.ticket());
    cache.forget('u1');
    expect(cache.get('u1', 0)).toBeUndefined();
  });

  it('does not store what a lookup read before the user was forgotten', () => {
    const { cache } = cacheAt();
    const before = cache.ticket(); // a lookup starts, reads the row ...
    cache.forget('u1'); // ... the session is revoked and published meanwhile ...
    cache.set('u1', 0, actor, before); // ... and the stale row must not come back
    expect(cache.get('u1', 0)).toBeUndefined();
    cache.set('u1', 0, actor, cache.ticket());
    expect(cache.get('u1', 0)).toBe(actor);
  });

  it('a forget of one user does not stop others from being cached', () => {
    const { cache } = cacheAt();
    const before = cache.ticket();
    cache.forget('u2');
    cache.set('u1', 0, actor, before);
    expect(cache.get('u1', 0)).toBe(actor);
  });
});
