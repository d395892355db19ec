import { Entity, Index, ManyToOne, PrimaryKey, PrimaryKeyProp, Property } from '@mikro-orm/core';
import { Company } from '../companies/company.entity';
import { User } from '../users/user.entity';

/**
 * One executive's scored tasks in one period of their company's zone (docs/aggregates.md): the key is
 * 'YYYY-MM' (a month), 'YYYY' (a year) or 'all'. Scores are kept as integer tenths, so adding and taking
 * away a task's figures is exact and the row always equals a recount from the tasks table.
 * Written only by raw upserts (score-aggregates.repository.ts); the entity is here for reads and joins.
 */
@Entity({ tableName: 'score_aggregates' })
@Index({ properties: ['company', 'periodKey', 'totalTenths'] })
@Index({ properties: ['user', 'periodKey'] })
export class ScoreAggregate {
  [PrimaryKeyProp]?: ['company', 'periodKey', 'user'];

  @ManyToOne(() => Company, { primary: true, deleteRule: 'cascade' })
  company!: Company;

  @PrimaryKey({ type: 'string', length: 7 })
  periodKey!: string;

  @ManyToOne(() => User, { primary: true, deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'integer' })
  taskCount!: number;

  @Property({ type: 'integer', columnType: 'bigint' })
  totalTenths!: number;

  @Property({ type: 'integer', columnType: 'bigint' })
  qualityTenths!: number;

  @Property({ type: 'integer', columnType: 'bigint' })
  timeTenths!: number;

  @Property({ type: 'integer', columnType: 'bigint' })
  initiativeTenths!: number;
}

/** The same figures for a whole company (every task, whoever it belongs to now), per period. */
@Entity({ tableName: 'company_score_aggregates' })
export class CompanyScoreAggregate {
  [PrimaryKeyProp]?: ['company', 'periodKey'];

  @ManyToOne(() => Company, { primary: true, deleteRule: 'cascade' })
  company!: Company;

  @PrimaryKey({ type: 'string', length: 7 })
  periodKey!: string;

  @Property({ type: 'integer' })
  taskCount!: number;

  @Property({ type: 'integer', columnType: 'bigint' })
  totalTenths!: number;

  @Property({ type: 'integer', columnType: 'bigint' })
  qualityTenths!: number;

  @Property({ type: 'integer', columnType: 'bigint' })
  timeTenths!: number;

  @Property({ type: 'integer', columnType: 'bigint' })
  initiativeTenths!: number;
}
