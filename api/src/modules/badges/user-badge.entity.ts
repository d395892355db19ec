import { OptionalProps, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Company } from '../companies/company.entity';
import { User } from '../users/user.entity';
import { Badge } from './badge.entity';

/** One award; unique per user, badge and period so no rule awards twice. */
@Entity({ tableName: 'user_badges' })
@Unique({ properties: ['user', 'badge', 'period'] })
@Index({ properties: ['company', 'awardedAt'] })
export class UserBadge {
  [OptionalProps]?: 'reason' | 'awardedAt';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @ManyToOne(() => Badge, { deleteRule: 'cascade', index: true })
  badge!: Badge;

  @ManyToOne(() => Company, { deleteRule: 'cascade' })
  company!: Company;

  /** '2026-03' for a month, '2026' for a year, 'task:{id}' per task, 'manual:{id}' when awarded by hand. */
  @Property({ type: 'string', length: 60 })
  period!: string;

  @Property({ type: 'string', length: 2000, nullable: true })
  reason: string | null = null;

  @Property({ type: 'datetime' })
  awardedAt: Date = new Date();
}
