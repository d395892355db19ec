import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { WebhookEndpoint } from './webhook-endpoint.entity';

/** One try at sending one event to one endpoint: the delivery log. Kept as long as the event log keeps events. */
@Entity({ tableName: 'webhook_attempts' })
@Index({ properties: ['endpoint', 'at', 'id'] })
@Index({ properties: ['at'] })
export class WebhookAttempt {
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @ManyToOne(() => WebhookEndpoint, { deleteRule: 'cascade' })
  endpoint!: WebhookEndpoint;

  @Property({ type: 'string', length: 36 })
  companyId!: string;

  @Property({ type: 'string', length: 36 })
  eventId!: string;

  @Property({ type: 'integer', nullable: true })
  seq: number | null = null;

  @Property({ type: 'string', length: 64 })
  eventType!: string;

  @Property({ type: 'string', length: 16 })
  trigger!: 'delivery' | 'test' | 'redeliver';

  @Property({ type: 'integer' })
  attempt!: number;

  @Property({ type: 'boolean' })
  succeeded!: boolean;

  @Property({ type: 'integer', nullable: true })
  statusCode: number | null = null;

  @Property({ type: 'integer' })
  durationMs!: number;

  @Property({ type: 'text' })
  response: string = '';

  @Property({ type: 'string', length: 500, nullable: true })
  error: string | null = null;

  @Property({ type: 'datetime' })
  at: Date = new Date();
}

/** One row of the delivery log as it is written and answered: the endpoint named by its id. */
export type AttemptRecord = Omit<WebhookAttempt, 'endpoint'> & { endpoint: Pick<WebhookEndpoint, 'id'> };
