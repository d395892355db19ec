import { OptionalProps, Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { LeaderboardEntry, LeaderboardType } from '@kpi/contracts';
import { randomUUID } from 'node:crypto';
import { Company } from '../companies/company.entity';

/**
 * A published leaderboard: the entries frozen as they were (names and departments included), one per
 * company and period; publishing the period again replaces it. Kept when an executive is deleted.
 */
@Entity({ tableName: 'leaderboard_snapshots' })
@Unique({ properties: ['company', 'periodKey'] })
export class LeaderboardSnapshot {
  [OptionalProps]?: 'month' | 'generatedById' | 'generatedAt';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @ManyToOne(() => Company, { deleteRule: 'cascade' })
  company!: Company;

  @Property({ type: 'string', length: 16 })
  type!: LeaderboardType;

  /** '2026-03' for a month, '2026' for a year. */
  @Property({ type: 'string', length: 7 })
  periodKey!: string;

  @Property({ type: 'integer' })
  year!: number;

  @Property({ type: 'integer', nullable: true })
  month: number | null = null;

  @Property({ type: 'integer' })
  totalExecutives!: number;

  @Property({ type: 'json' })
  entries!: LeaderboardEntry[];

  @Property({ type: 'datetime' })
  generatedAt: Date = new Date();

  /** Who published it; a plain id (no foreign key) so the snapshot outlives the account. */
  @Property({ type: 'string', length: 36, nullable: true })
  generatedById: string | null = null;
}
