import { OptionalProps, Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

@Entity({ tableName: 'companies' })
export class Company {
  [OptionalProps]?: 'timeZone' | 'createdAt';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 120 })
  name!: string;

  @Property({ type: 'string', length: 120 })
  industry!: string;

  @Property({ type: 'text' })
  description!: string;

  /** IANA zone; leaderboard and statistics periods follow it. */
  @Property({ type: 'string', length: 64, default: 'UTC' })
  timeZone: string = 'UTC';

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
