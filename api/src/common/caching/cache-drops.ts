import { Injectable, Logger } from '@nestjs/common';
import { EVENT_TYPES, type Audience, type EventPayloads, type EventType } from '@kpi/contracts';

/** One committed change as a cache sees it: the event's type, its payload and who it was for. */
export interface Change<T extends EventType = EventType> {
  type: T;
  payload: EventPayloads[T];
  audience: Audience;
}

/** What a change drops from one cache: the answers carrying these tags (none: `[]`), or everything. */
export type Drop = readonly string[] | 'everything';

/**
 * A cache's one declaration: for every event type of the catalogue, what it drops. Typed over `EventType`, so an
 * event type added to the catalogue does not compile until every cache has said what it drops
 * (cache-drops.spec.ts checks the same at run time against `EVENT_TYPES`).
 */
export type DropRules = { readonly [T in EventType]: (change: Change<T>) => Drop };

/** A cache whose answers committed changes drop, on this node and, through the relay, on every other. */
export interface DroppableCache {
  /** Unique in the process: drops travel between nodes under this name. */
  readonly cacheName: string;
  readonly dropRules: DropRules;
  drop(tags: readonly string[]): void;
  dropEverything(): void;
}

/** What one cache drops for a unit of work: how drops travel between nodes. */
export interface NamedDrop {
  cache: string;
  drop: Drop;
}

export const keepAll = (): Drop => [];
export const dropEverything = (): Drop => 'everything';
/** The company the change's audience belongs to; everything when it names none (the superadmin's stream). */
export const audienceCompany = ({ audience }: Change): Drop => (audience.kind === 'superadmin' || audience.companyId === null ? 'everything' : [audience.companyId]);

/**
 * The one mechanism by which committed changes drop cached answers (docs/caching.md). Caches register with their
 * rules; each unit of work's changes are turned into drops once, on the node that committed it, applied there and
 * handed to the relays (drop-relay.ts), which apply them on every other node.
 */
@Injectable()
export class CacheDrops {
  private readonly logger = new Logger('Caches');
  private readonly caches = new Map<string, DroppableCache>();
  private readonly relays: ((drops: NamedDrop[]) => void)[] = [];

  register(cache: DroppableCache): void {
    if (this.caches.has(cache.cacheName)) throw new Error(`Two caches are named ${cache.cacheName}`);
    const missing = EVENT_TYPES.filter((type) => typeof cache.dropRules[type] !== 'function');
    if (missing.length) throw new Error(`Cache ${cache.cacheName} says nothing of ${missing.join(', ')}`);
    this.caches.set(cache.cacheName, cache);
  }

  /** Where this node's drops go next (to the other nodes). */
  relayTo(relay: (drops: NamedDrop[]) => void): void {
    this.relays.push(relay);
  }

  /** A unit of work committed here: its drops are applied here and relayed to the other nodes. */
  committed(changes: readonly Change[]): void {
    if (changes.length === 0) return;
    const drops = this.dropsOf(changes);
    if (drops.length === 0) return;
    this.apply(drops);
    for (const relay of this.relays) relay(drops);
  }

  /** Drops computed on this node or another; a cache this node does not have is passed over. */
  apply(drops: readonly NamedDrop[]): void {
    for (const { cache: name, drop } of drops) {
      const cache = this.caches.get(name);
      if (!cache) continue;
      try {
        if (drop === 'everything') cache.dropEverything();
        else cache.drop(drop);
      } catch (err) {
        this.logger.error(`dropping from ${name} failed: ${(err as Error).message}`);
      }
    }
  }

  dropsOf(changes: readonly Change[]): NamedDrop[] {
    const drops: NamedDrop[] = [];
    for (const cache of this.caches.values()) {
      const tags = new Set<string>();
      let all = false;
      for (const change of changes) {
        const rule = cache.dropRules[change.type] as (change: Change) => Drop;
        const drop = rule(change);
        if (drop === 'everything') {
          all = true;
          break;
        }
        for (const tag of drop) tags.add(tag);
      }
      if (all) drops.push({ cache: cache.cacheName, drop: 'everything' });
      else if (tags.size) drops.push({ cache: cache.cacheName, drop: [...tags] });
    }
    return drops;
  }
}
