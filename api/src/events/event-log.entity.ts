import { OptionalProps, Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { Audience } from '@kpi/contracts';

/**
 * The transactional outbox: every domain event is written here in the same transaction as the change,
 * with a gap-free sequence per stream (a company, or the system stream of the superadmin).
 */
@Entity({ tableName: 'event_log' })
@Unique({ properties: ['stream', 'seq'] })
@Index({ properties: ['stream', 'seq', 'audienceKind'] })
export class EventLog {
  [OptionalProps]?: 'audienceUserId' | 'companyId';

  @PrimaryKey({ type: 'string', length: 36 })
  id!: string;

  @Property({ type: 'string', length: 36 })
  stream!: string;

  @Property({ type: 'integer' })
  seq!: number;

  @Property({ type: 'string', length: 64 })
  type!: string;

  @Property({ type: 'string', length: 16 })
  audienceKind!: Audience['kind'];

  /** The user id for a user audience, else null. */
  @Property({ type: 'string', length: 36, nullable: true })
  audienceUserId: string | null = null;

  @Property({ type: 'string', length: 36, nullable: true })
  companyId: string | null = null;

  @Property({ type: 'json' })
  payload!: unknown;

  @Property({ type: 'datetime' })
  at!: Date;
}

@Entity({ tableName: 'stream_sequences' })
export class StreamSequence {
  @PrimaryKey({ type: 'string', length: 36 })
  stream!: string;

  @Property({ type: 'integer' })
  lastSeq!: number;
}
