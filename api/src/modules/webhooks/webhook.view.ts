import type { WebhookAttempt as WebhookAttemptView, WebhookEndpoint as WebhookEndpointView, WebhookEvent } from '@kpi/contracts';
import { isoDate, type DbDate } from '../../common/rows/columns';
import type { EventLog } from '../../events/event-log.entity';
import type { AttemptRecord } from './webhook-attempt.entity';
import type { WebhookEndpoint } from './webhook-endpoint.entity';

/** The one mapping of an endpoint row to its answer. */
export const toEndpointView = (e: WebhookEndpoint): WebhookEndpointView => ({
  _id: e.id,
  company: e.company.id,
  url: e.url,
  kind: e.kind,
  description: e.description,
  eventTypes: e.eventTypes,
  active: e.active,
  pausedReason: e.pausedReason,
  deliveredSeq: e.deliveredSeq,
  failures: e.failures,
  nextAttemptAt: e.nextAttemptAt?.toISOString() ?? null,
  signed: e.kind === 'standard',
  previousSecretUntil: e.previousSecretUntil && e.previousSecretUntil > new Date() ? e.previousSecretUntil.toISOString() : null,
  createdAt: e.createdAt.toISOString(),
  updatedAt: e.updatedAt.toISOString(),
});

/** The one mapping of an attempt row to its answer. */
export const toAttemptView = (a: AttemptRecord): WebhookAttemptView => ({
  _id: a.id,
  endpoint: a.endpoint.id,
  eventId: a.eventId,
  seq: a.seq,
  eventType: a.eventType,
  trigger: a.trigger,
  attempt: a.attempt,
  succeeded: a.succeeded,
  statusCode: a.statusCode,
  durationMs: a.durationMs,
  response: a.response,
  error: a.error,
  at: a.at.toISOString(),
});

/** A logged event as a delivery's body and the events feed carry it. */
export const toWebhookEvent = (e: Pick<EventLog, 'id' | 'type' | 'seq' | 'payload'> & { at: DbDate; companyId: string | null }): WebhookEvent => ({
  id: e.id,
  type: e.type,
  seq: e.seq,
  at: isoDate(e.at),
  companyId: e.companyId ?? '',
  payload: e.payload,
});
