import { OptionalProps, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Company } from '../companies/company.entity';

/**
 * An office screen paired with one company (docs/wall-display.md). Revoking keeps the row (with `revokedAt`)
 * so a leaked display token can never come back to life; the display's sockets are closed at once.
 */
@Entity({ tableName: 'wall_displays' })
@Index({ properties: ['company', 'revokedAt'] })
export class WallDisplay {
  [OptionalProps]?: 'createdById' | 'createdAt' | 'revokedAt' | 'lastSeenAt';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @ManyToOne(() => Company, { deleteRule: 'cascade' })
  company!: Company;

  @Property({ type: 'string', length: 120 })
  name!: string;

  /** The admin who paired it; a plain id (no foreign key) so the display outlives the account. */
  @Property({ type: 'string', length: 36, nullable: true })
  createdById: string | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  revokedAt: Date | null = null;

  /** When the screen last read its board or connected (updated at most once a minute). */
  @Property({ type: 'datetime', nullable: true })
  lastSeenAt: Date | null = null;
}
