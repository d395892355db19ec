import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/knex';
import type { Audience, WebhookAttempt as WebhookAttemptView, WebhookEvent } from '@kpi/contracts';
import type { EventRecorder } from '../../events/event-recorder';
import type { ChangeNote } from '../../events/outbox-sink';
import { NotificationsService } from '../notifications/notifications.service';
import { User } from '../users/user.entity';
import type { PostOutcome } from './safe-post';
import type { AttemptRecord } from './webhook-attempt.entity';
import type { WebhookEndpoint } from './webhook-endpoint.entity';
import { succeeded } from './delivery-outcome';
import { toAttemptView, toEndpointView } from './webhook.view';
import { WebhookRepository } from './webhook.repository';

const adminsOf = (endpoint: WebhookEndpoint): Audience => ({ kind: 'admins', companyId: endpoint.company.id });

/** One event sent and what came of it; `attempt` counts the tries at that event, this one included. */
export interface Sent {
  event: WebhookEvent;
  outcome: PostOutcome | null;
  attempt: number;
}

/**
 * What a delivery leaves behind, inside the unit of work that records it: the log rows, their live update for the
 * company's admins, and, when an endpoint pauses itself, a notification to each of them. The dispatcher's
 * attempts go out as one live note per endpoint and unit of work, outside the company's stream; a test or a
 * redelivery, which a person asked for, is an event of the stream (and so audited).
 */
@Injectable()
export class WebhookAttempts {
  private readonly lastAt = new WeakMap<EventRecorder, number>();

  constructor(
    private readonly repository: WebhookRepository,
    private readonly notifications: NotificationsService,
  ) {}

  /** A test's or a redelivery's attempt. */
  async record(em: EntityManager, events: EventRecorder, endpoint: WebhookEndpoint, event: WebhookEvent, outcome: PostOutcome, trigger: 'test' | 'redeliver'): Promise<WebhookAttemptView> {
    const row = this.row(events, endpoint, event, outcome, trigger, 1);
    await this.repository.insertAttempts(em, [row]);
    const view = toAttemptView(row);
    events.record('webhook.attempted', adminsOf(endpoint), { attempt: view });
    return view;
  }

  /** The log rows of the dispatcher's attempts at one endpoint, in the order they were made. */
  deliveryRows(events: EventRecorder, endpoint: WebhookEndpoint, sent: readonly Sent[]): AttemptRecord[] {
    return sent.flatMap((s) => (s.outcome ? [this.row(events, endpoint, s.event, s.outcome, 'delivery', s.attempt)] : []));
  }

  /** Tells the endpoint's admins of its new log rows once they are written: one live note. */
  announceDeliveries(events: EventRecorder, endpoint: WebhookEndpoint, rows: readonly AttemptRecord[]): void {
    if (rows.length > 0) events.tell('webhook.deliveries', adminsOf(endpoint), { attempts: rows.map(toAttemptView) });
  }

  private row(events: EventRecorder, endpoint: WebhookEndpoint, event: WebhookEvent, outcome: PostOutcome, trigger: AttemptRecord['trigger'], attempt: number): AttemptRecord {
    const ok = succeeded(outcome);
    return {
      id: randomUUID(),
      endpoint: { id: endpoint.id },
      companyId: endpoint.company.id,
      eventId: event.id,
      seq: event.seq,
      eventType: event.type,
      trigger,
      attempt,
      succeeded: ok,
      statusCode: outcome.statusCode,
      durationMs: outcome.durationMs,
      response: outcome.response,
      error: outcome.error?.slice(0, 500) ?? (ok ? null : `The endpoint answered ${outcome.statusCode}`),
      at: this.orderedTime(events, outcome.sentAt),
    };
  }

  /** Attempts written down together keep the order they were made in, though several fall in one millisecond. */
  private orderedTime(events: EventRecorder, sentAt: Date): Date {
    const previous = this.lastAt.get(events);
    const at = previous && sentAt.getTime() <= previous ? new Date(previous + 1) : sentAt;
    this.lastAt.set(events, at.getTime());
    return at;
  }

  /** `note`: the endpoint before the change, for the audit trail (events/outbox-sink.ts). */
  announceEndpoint(events: EventRecorder, endpoint: WebhookEndpoint, note?: ChangeNote): void {
    events.record('webhook.updated', adminsOf(endpoint), { endpoint: toEndpointView(endpoint) }, note);
  }

  async notifyPaused(em: EntityManager, events: EventRecorder, endpoint: WebhookEndpoint): Promise<void> {
    const admins = await em.find(User, { company: endpoint.company.id, role: 'admin', isActive: true }, { fields: ['id'] });
    this.notifications.notify(
      em,
      events,
      admins.map((a) => ({ id: a.id, companyId: endpoint.company.id })),
      {
        kind: 'webhook.paused',
        title: 'Integration paused',
        body: `Deliveries to ${endpoint.url} stopped: ${endpoint.pausedReason ?? 'paused'}. Resume it in Integrations once it is fixed.`.slice(0, 500),
        link: '/admin/integrations',
      },
    );
  }
}
