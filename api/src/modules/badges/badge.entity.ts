import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** The badge catalogue, seeded by migration. `criterion` names the rule that awards it. */
@Entity({ tableName: 'badges' })
export class Badge {
  @PrimaryKey({ type: 'string', length: 36 })
  id!: string;

  @Property({ type: 'string', length: 16 })
  icon!: string;

  @Property({ type: 'string', length: 80, unique: true })
  name!: string;

  @Property({ type: 'string', length: 300 })
  description!: string;

  @Property({ type: 'string', length: 40 })
  criterion!: string;
}
