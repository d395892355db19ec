import { EVENT_TYPES, type EventType } from '@kpi/contracts';
import { ActorCache } from '../auth/actor-cache';
import { CacheDrops, keepAll, type Change, type DropRules, type DroppableCache } from './cache-drops';

const change = (type: EventType, audience: Change['audience'], payload: unknown = {}): Change => ({ type, audience, payload }) as Change;

function fakeCache(name: string, rules: Partial<Record<EventType, DropRules[EventType]>>): DroppableCache & { dropped: string[] } {
  const dropped: string[] = [];
  return {
    cacheName: name,
    dropRules: rules as DropRules,
    dropped,
    drop: (tags) => dropped.push(...tags),
    dropEverything: () => dropped.push('*everything*'),
  };
}
const everyType = (rule: DropRules[EventType]) => Object.fromEntries(EVENT_TYPES.map((t) => [t, rule])) as DropRules;

describe('cache drops follow the event catalogue', () => {
  it('refuses a cache that says nothing of an event type, naming it', () => {
    const rules: Partial<Record<EventType, DropRules[EventType]>> = everyType(keepAll);
    delete rules['task.scored'];
    expect(() => new CacheDrops().register(fakeCache('partial', rules))).toThrow('Cache partial says nothing of task.scored');
  });

  it("turns a unit of work's changes into one drop per cache, applies it here and relays it once", () => {
    const drops = new CacheDrops();
    const byCompany = fakeCache('by-company', everyType(({ audience }: Change) => (audience.kind === 'superadmin' ? 'everything' : [audience.companyId ?? ''])));
    const untouched = fakeCache('untouched', everyType(keepAll));
    drops.register(byCompany);
    drops.register(untouched);
    const relayed: unknown[] = [];
    drops.relayTo((d) => relayed.push(d));
    drops.committed([change('task.scored', { kind: 'company', companyId: 'c1' }), change('task.scored', { kind: 'admins', companyId: 'c1' }), change('stats.changed', { kind: 'company', companyId: 'c2' })]);
    expect(byCompany.dropped).toEqual(['c1', 'c2']);
    expect(untouched.dropped).toEqual([]);
    expect(relayed).toEqual([[{ cache: 'by-company', drop: ['c1', 'c2'] }]]);

    // Another node's drops apply here and are not relayed again.
    drops.apply([{ cache: 'by-company', drop: 'everything' }, { cache: 'not-on-this-node', drop: ['x'] }]);
    expect(byCompany.dropped).toEqual(['c1', 'c2', '*everything*']);
    expect(relayed).toHaveLength(1);
  });

  it('a revocation drops the user from the actor cache, and only them', () => {
    const drops = new CacheDrops();
    const actors = new ActorCache(drops);
    const actor = (id: string) => ({ id, role: 'executive', companyId: 'c1' }) as never;
    actors.set('u1', 1, actor('u1'), actors.ticket());
    actors.set('u2', 1, actor('u2'), actors.ticket());
    drops.committed([change('session.revoked', { kind: 'user', userId: 'u1', companyId: 'c1' }, { reason: 'deactivated', tokenVersion: 2 })]);
    expect(actors.get('u1', 1)).toBeUndefined();
    expect(actors.get('u2', 1)).toBeDefined();
  });
});
