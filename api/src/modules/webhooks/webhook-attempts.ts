import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/knex';
import type { Audience, WebhookAttempt as WebhookAttemptView, WebhookEvent } from '@kpi/contracts';
import type { EventRecorder } from '../../events/event-recorder';
import type { ChangeNote } from '../../events/outbox-sink';
import { NotificationsService } from '../notifications/notifications.service';
import { User } from '../users/user.entity';
import type { PostOutcome } from './safe-post';
import { WebhookAttempt } from './webhook-attempt.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { succeeded } from './webhook-sender';
import { toAttemptView, toEndpointView } from './webhook.view';

const adminsOf = (endpoint: WebhookEndpoint): Audience => ({ kind: 'admins', companyId: endpoint.company.id });

/**
 * What a delivery leaves behind, inside the unit of work that records it: the log row, the live update of the
 * log for the company's admins, and, when an endpoint pauses itself, a notification to each of them.
 */
@Injectable()
export class WebhookAttempts {
  private readonly lastAt = new WeakMap<EventRecorder, number>();

  constructor(private readonly notifications: NotificationsService) {}

  record(
    em: EntityManager,
    events: EventRecorder,
    endpoint: WebhookEndpoint,
    event: WebhookEvent,
    outcome: PostOutcome,
    how: Pick<WebhookAttempt, 'trigger' | 'attempt'>,
  ): WebhookAttemptView {
    const row = em.create(WebhookAttempt, {
      endpoint: em.getReference(WebhookEndpoint, endpoint.id),
      companyId: endpoint.company.id,
      eventId: event.id,
      seq: event.seq,
      eventType: event.type,
      trigger: how.trigger,
      attempt: how.attempt,
      succeeded: succeeded(outcome),
      statusCode: outcome.statusCode,
      durationMs: outcome.durationMs,
      response: outcome.response,
      error: outcome.error?.slice(0, 500) ?? (succeeded(outcome) ? null : `The endpoint answered ${outcome.statusCode}`),
      at: this.orderedTime(events, outcome.sentAt),
    });
    const view = toAttemptView(row);
    events.record('webhook.attempted', adminsOf(endpoint), { attempt: view });
    return view;
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
