import { OptionalProps, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import type { ImportKind, ImportStatus, Role } from '@kpi/contracts';
import { randomUUID } from 'node:crypto';
import { Company } from '../companies/company.entity';

/**
 * One import of people (docs/imports.md): its rows wait in `import_rows` and are written in batches, each batch
 * one transaction that also moves these counters, so the job always says exactly how far it got.
 */
@Entity({ tableName: 'imports' })
@Index({ properties: ['company', 'createdAt'] })
@Index({ properties: ['status', 'leasedUntil'] })
export class ImportJob {
  [OptionalProps]?: 'status' | 'processed' | 'created' | 'updated' | 'unchanged' | 'deactivated' | 'rejected' | 'error' | 'createdAt' | 'finishedAt' | 'leasedUntil';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @ManyToOne(() => Company, { deleteRule: 'cascade' })
  company!: Company;

  @Property({ type: 'string', length: 16 })
  kind!: ImportKind;

  @Property({ type: 'string', length: 16 })
  status: ImportStatus = 'running';

  @Property({ type: 'string', length: 200 })
  fileName!: string;

  @Property({ type: 'integer' })
  rows!: number;

  @Property({ type: 'integer' })
  processed: number = 0;

  @Property({ type: 'integer' })
  created: number = 0;

  @Property({ type: 'integer' })
  updated: number = 0;

  @Property({ type: 'integer' })
  unchanged: number = 0;

  @Property({ type: 'integer' })
  deactivated: number = 0;

  @Property({ type: 'integer' })
  rejected: number = 0;

  @Property({ type: 'string', length: 500, nullable: true })
  error: string | null = null;

  /** Who started it, as they were then: the batches act as them, even if their account changed since. */
  @Property({ type: 'string', length: 36 })
  createdById!: string;

  @Property({ type: 'string', length: 120 })
  createdByName!: string;

  @Property({ type: 'string', length: 16 })
  createdByRole!: Role;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  finishedAt: Date | null = null;

  /** A node working on the job holds it until then, renewed with every batch; a lapsed lease may be taken over. */
  @Property({ type: 'datetime', nullable: true })
  leasedUntil: Date | null = null;
}
