import { Injectable, Optional } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/knex';
import { EVENT_TYPES } from '@kpi/contracts';
import { CacheDrops, keepAll, type DropRules } from '../../common/caching/cache-drops';
import { execute } from '../../database/bound-sql';
import type { BadgeFields } from './badge.repository';

/** No event changes the catalogue: migrations write it, and nothing at run time does. */
const CATALOGUE_DROPS = Object.fromEntries(EVENT_TYPES.map((type) => [type, keepAll])) as unknown as DropRules;

/**
 * The badge catalogue, read once: every scoring reading it again was a statement for nothing. Declared with the
 * other caches (common/caching), whose rules say no event drops it; read again when a badge is asked for that it
 * does not hold (a newer migration's, in a process that read it before).
 */
@Injectable()
export class BadgeCatalogue {
  readonly cacheName = 'badge-catalogue';
  readonly dropRules = CATALOGUE_DROPS;
  private badges: Map<string, BadgeFields> | null = null;

  /** `drops` is absent where no app runs (the demo seed run alone). */
  constructor(@Optional() drops?: CacheDrops) {
    drops?.register(this);
  }

  async byId(em: EntityManager, ids: readonly string[]): Promise<Map<string, BadgeFields>> {
    if (!this.badges || ids.some((id) => !this.badges!.has(id))) {
      const rows = await execute<BadgeFields>(em, 'select id, icon, name, description from badges');
      this.badges = new Map(rows.map((b) => [b.id, { id: b.id, icon: b.icon, name: b.name, description: b.description }]));
    }
    return this.badges;
  }

  drop(): void {
    this.badges = null;
  }

  dropEverything(): void {
    this.badges = null;
  }
}
