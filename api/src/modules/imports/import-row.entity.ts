import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import type { ImportField, ImportOutcome } from '@kpi/contracts';
import { ImportJob } from './import-job.entity';

/** One row of an import's file, as mapped and fixed; its outcome is written in the batch that handles it. */
@Entity({ tableName: 'import_rows' })
export class ImportRow {
  @ManyToOne(() => ImportJob, { primary: true, deleteRule: 'cascade' })
  job!: ImportJob;

  /** The row's place in the file, from 0: batches take the rows without an outcome in this order. */
  @PrimaryKey({ type: 'integer' })
  position!: number;

  @Property({ type: 'integer' })
  line!: number;

  /** The mapped cells (name, email, department, phone, active) as JSON text. */
  @Property({ type: 'text' })
  cells!: string;

  @Property({ type: 'string', length: 16, nullable: true })
  outcome: ImportOutcome | null = null;

  @Property({ type: 'string', length: 16, nullable: true })
  field: ImportField | null = null;

  @Property({ type: 'string', length: 300, nullable: true })
  reason: string | null = null;
}
