import type { EntityManager } from '@mikro-orm/knex';

/**
 * What the companies module asks of modules above it, without importing them (docs/architecture.md, "Ports"):
 * app.module.ts provides the token with its implementation.
 */

/** Figures that follow a company's time zone (the score aggregates' periods, implemented by the stats module). */
export interface ZoneFollowers {
  /** After the company's zone changed, inside the changing unit of work: recount what depends on it. */
  rebuildCompany(em: EntityManager, company: { id: string; timeZone: string }): Promise<void>;
}
export const ZONE_FOLLOWERS = Symbol('ZoneFollowers');
