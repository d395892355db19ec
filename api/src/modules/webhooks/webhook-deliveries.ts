import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { WebhookEvent } from '@kpi/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { UnitOfWork } from '../../events/unit-of-work';
import { afterFailure } from './retry-schedule';
import type { PostOutcome } from './safe-post';
import { DELIVERY_TIMEOUT_MS, succeeded, WebhookSender } from './webhook-sender';
import type { WebhookEndpoint } from './webhook-endpoint.entity';
import { WebhookAttempts } from './webhook-attempts';
import { WebhookRepository } from './webhook.repository';

/** How long a node holds an endpoint without renewing: longer than one send may take. */
export const LEASE_MS = DELIVERY_TIMEOUT_MS + 5_000;
const BATCH = 50;

class LeaseLost extends Error {}

/**
 * Sends one endpoint's due events, in order, while this node holds its lease (docs/webhooks.md). Each delivery's
 * outcome, the endpoint's new position and the attempt's log row commit together; a node killed between the
 * receiver's answer and that commit leaves the event due, so the next holder sends it again under the same
 * `webhook-id` (receivers dedupe by it).
 */
@Injectable()
export class WebhookDeliveries {
  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    private readonly repository: WebhookRepository,
    private readonly sender: WebhookSender,
    private readonly attempts: WebhookAttempts,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Works through endpoint `id` if no other node holds it. */
  async run(id: string, owner: string): Promise<void> {
    let leaseUntil = Date.now() + LEASE_MS;
    const endpoint = await this.repository.lease(id, owner, new Date(), new Date(leaseUntil));
    if (!endpoint) return;
    const companyId = endpoint.company.id;
    try {
      for (;;) {
        const em = this.em.fork();
        const head = await this.repository.streamHead(em, companyId);
        const batch = await this.repository.eventsAfter(em, companyId, endpoint.deliveredSeq, head, endpoint.eventTypes, BATCH);
        if (batch.length === 0) {
          await this.repository.skipTo(id, owner, head);
          return;
        }
        for (const event of batch) {
          if (leaseUntil - Date.now() < LEASE_MS / 2) {
            leaseUntil = Date.now() + LEASE_MS;
            if (!(await this.repository.lease(id, owner, new Date(), new Date(leaseUntil)))) return;
          }
          const outcome = await this.sender.send(endpoint, event);
          if (!(await this.settle(endpoint, event, outcome, owner))) return;
        }
      }
    } catch (err) {
      if (!(err instanceof LeaseLost)) throw err;
    } finally {
      await this.repository.release(id, owner);
    }
  }

  /** Records what came of sending `event`; answers whether the endpoint may go on to the next event. */
  private async settle(endpoint: WebhookEndpoint, event: WebhookEvent, outcome: PostOutcome | null, owner: string): Promise<boolean> {
    const now = new Date();
    const passedOver = outcome === null || (outcome.statusCode === null && outcome.error?.endsWith('passed over') === true);
    const attemptNo = endpoint.failures + 1;
    const wasFailing = endpoint.failures > 0;
    if (outcome === null || succeeded(outcome) || passedOver) {
      endpoint.deliveredSeq = event.seq!;
      endpoint.failures = 0;
      endpoint.failingSince = null;
      endpoint.nextAttemptAt = null;
    } else {
      endpoint.failures += 1;
      endpoint.failingSince ??= now;
      const next = afterFailure(
        { failures: endpoint.failures, failingSince: endpoint.failingSince, statusCode: outcome.statusCode, retryAfter: outcome.retryAfter },
        this.config.webhookRetryDelaysS,
        now,
        Math.random(),
      );
      if ('pause' in next) {
        endpoint.active = false;
        endpoint.pausedReason = next.pause;
        endpoint.nextAttemptAt = null;
      } else {
        endpoint.nextAttemptAt = next.retryAt;
      }
    }
    endpoint.updatedAt = now;
    const stateChanged = wasFailing || endpoint.failures > 0;
    await this.uow.run(async (em, events) => {
      if (!(await this.repository.saveDeliveryState(em, endpoint, owner))) throw new LeaseLost();
      if (outcome) this.attempts.record(em, events, endpoint, event, outcome, { trigger: 'delivery', attempt: attemptNo });
      if (stateChanged) this.attempts.announceEndpoint(events, endpoint);
      if (!endpoint.active) await this.attempts.notifyPaused(em, events, endpoint);
    });
    return endpoint.active && endpoint.failures === 0;
  }
}
