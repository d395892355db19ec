import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** An `Idempotency-Key` a scoring was made with: a retry carrying it changes nothing (modules/tasks/scoring-keys.ts). */
@Entity({ tableName: 'scoring_keys' })
@Index({ properties: ['createdAt'] })
export class ScoringKey {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'string', length: 36 })
  companyId!: string;

  @PrimaryKey({ type: 'string', length: 128 })
  key!: string;

  @Property({ type: 'string', length: 36 })
  taskId!: string;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
