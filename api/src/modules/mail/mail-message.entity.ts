import { OptionalProps, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Company } from '../companies/company.entity';
import { User } from '../users/user.entity';

export type MailStatus = 'pending' | 'sent' | 'failed' | 'skipped' | 'digested';

/**
 * One email to one person: made from an event (or a deadline, or a digest) once, sent by whichever node claims
 * it first (mail-sender.ts). The unique key is what makes "one email per event per person".
 */
@Entity({ tableName: 'mail_messages' })
@Unique({ properties: ['eventKey', 'user', 'kind'] })
@Index({ properties: ['status', 'mode', 'nextAttemptAt'] })
@Index({ properties: ['user', 'mode', 'status'] })
@Index({ properties: ['digestId'] })
@Index({ properties: ['company'] })
export class MailMessage {
  [OptionalProps]?: 'attempts' | 'leaseOwner' | 'leaseUntil' | 'digestId' | 'sentAt' | 'lastError';

  @PrimaryKey({ type: 'string', length: 36 })
  id!: string;

  @ManyToOne(() => Company, { deleteRule: 'cascade' })
  company!: Company;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  /** A MailKind, or `digest`. */
  @Property({ type: 'string', length: 32 })
  kind!: string;

  /** `instant`: sent on its own; `digest`: waits for the person's next daily digest. */
  @Property({ type: 'string', length: 8 })
  mode!: 'instant' | 'digest';

  /** What made it: an event id, `due-soon:{task}:{deadline}`, `digest:{user}:{day}`… */
  @Property({ type: 'string', length: 120 })
  eventKey!: string;

  @Property({ type: 'json' })
  payload!: unknown;

  @Property({ type: 'string', length: 16 })
  status!: MailStatus;

  @Property({ type: 'integer', default: 0 })
  attempts: number = 0;

  @Property({ type: 'datetime' })
  nextAttemptAt!: Date;

  @Property({ type: 'string', length: 36, nullable: true })
  leaseOwner: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  leaseUntil: Date | null = null;

  /** The digest this row went out in. */
  @Property({ type: 'string', length: 36, nullable: true })
  digestId: string | null = null;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  sentAt: Date | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  lastError: string | null = null;
}
