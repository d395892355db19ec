import { OptionalProps, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import type { WebhookEventType, WebhookKind } from '@kpi/contracts';
import { randomUUID } from 'node:crypto';
import { Company } from '../companies/company.entity';

/**
 * Where a company's events go (docs/webhooks.md). The row is also the endpoint's delivery state: `deliveredSeq`
 * is how far along the company's event stream it is, the failure fields say when the event now due is tried next,
 * and the lease says which node is sending to it (so two nodes never send the same event to it at once).
 */
@Entity({ tableName: 'webhook_endpoints' })
@Index({ properties: ['company', 'createdAt', 'id'] })
@Index({ properties: ['active'] })
export class WebhookEndpoint {
  [OptionalProps]?:
    | 'description' | 'active' | 'pausedReason' | 'secretEnc' | 'previousSecretEnc' | 'previousSecretUntil' | 'deliveredSeq'
    | 'failures' | 'failingSince' | 'nextAttemptAt' | 'leaseOwner' | 'leaseUntil' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @ManyToOne(() => Company, { deleteRule: 'cascade' })
  company!: Company;

  @Property({ type: 'string', length: 2048 })
  url!: string;

  @Property({ type: 'string', length: 16 })
  kind!: WebhookKind;

  @Property({ type: 'string', length: 200 })
  description: string = '';

  @Property({ type: 'json' })
  eventTypes!: WebhookEventType[];

  @Property({ type: 'boolean' })
  active: boolean = true;

  @Property({ type: 'string', length: 500, nullable: true })
  pausedReason: string | null = null;

  /** The signing secret, encrypted (secret-box.ts); null for chat channels. */
  @Property({ type: 'text', nullable: true, lazy: true })
  secretEnc: string | null = null;

  @Property({ type: 'text', nullable: true, lazy: true })
  previousSecretEnc: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  previousSecretUntil: Date | null = null;

  @Property({ type: 'integer' })
  deliveredSeq: number = 0;

  @Property({ type: 'integer' })
  failures: number = 0;

  @Property({ type: 'datetime', nullable: true })
  failingSince: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  nextAttemptAt: Date | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  leaseOwner: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  leaseUntil: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime' })
  updatedAt: Date = new Date();
}
