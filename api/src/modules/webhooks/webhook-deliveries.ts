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
/**
 * Successful deliveries are written down together, up to this many or this long after the first: one transaction
 * for several instead of one each. The price: a node killed before writing them down leaves those events due, and
 * the next holder resends them (under their ids, receivers dedupe).
 */
export const SETTLE_EVERY = 10;
const SETTLE_WITHIN_MS = 20;

class LeaseLost extends Error {}

/** One event sent and what came of it; `attempt` counts the tries at that event, this one included. */
interface Sent {
  event: WebhookEvent;
  outcome: PostOutcome | null;
  attempt: number;
}

/**
 * Sends one endpoint's due events, in order, while this node holds its lease (docs/webhooks.md). The endpoint's
 * new position, the attempts' log rows and their live updates commit together, a few deliveries at a time
 * (SETTLE_EVERY); a failure is written down at once and stops the run until its retry comes due.
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
    const pending: Sent[] = [];
    let firstPendingAt = 0;
    try {
      for (;;) {
        const em = this.em.fork();
        const head = await this.repository.streamHead(em, companyId);
        const batch = await this.repository.eventsAfter(em, companyId, endpoint.deliveredSeq, head, endpoint.eventTypes, BATCH);
        if (batch.length === 0) {
          await this.settle(endpoint, pending.splice(0), owner);
          await this.repository.skipTo(id, owner, head);
          return;
        }
        for (const event of batch) {
          if (leaseUntil - Date.now() < LEASE_MS / 2) {
            await this.settle(endpoint, pending.splice(0), owner);
            leaseUntil = Date.now() + LEASE_MS;
            if (!(await this.repository.lease(id, owner, new Date(), new Date(leaseUntil)))) return;
          }
          const sent: Sent = { event, outcome: await this.sender.send(endpoint, event), attempt: endpoint.failures + 1 };
          if (!delivered(sent.outcome)) {
            await this.settle(endpoint, [...pending.splice(0), sent], owner);
            return;
          }
          endpoint.deliveredSeq = event.seq!;
          endpoint.failures = 0;
          if (pending.push(sent) === 1) firstPendingAt = Date.now();
          if (pending.length >= SETTLE_EVERY || Date.now() - firstPendingAt >= SETTLE_WITHIN_MS) await this.settle(endpoint, pending.splice(0), owner);
        }
      }
    } catch (err) {
      if (!(err instanceof LeaseLost)) throw err;
    } finally {
      await this.repository.release(id, owner);
    }
  }

  /**
   * Writes down a run of sends: all delivered but perhaps the last, which failed. Moves the endpoint past the
   * delivered ones, schedules the failed one's retry or pauses the endpoint, all in one unit of work.
   */
  private async settle(endpoint: WebhookEndpoint, sent: Sent[], owner: string): Promise<void> {
    if (sent.length === 0) return;
    const now = new Date();
    const wasFailing = endpoint.failingSince !== null;
    const last = sent[sent.length - 1];
    if (delivered(last.outcome)) {
      endpoint.deliveredSeq = last.event.seq!;
      endpoint.failures = 0;
      endpoint.failingSince = null;
      endpoint.nextAttemptAt = null;
    } else {
      const outcome = last.outcome!;
      const previous = sent.length > 1 ? sent[sent.length - 2] : null;
      if (previous) endpoint.deliveredSeq = previous.event.seq!;
      endpoint.failures = last.attempt;
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
    await this.uow.run(async (em, events) => {
      if (!(await this.repository.saveDeliveryState(em, endpoint, owner))) throw new LeaseLost();
      for (const s of sent) if (s.outcome) this.attempts.record(em, events, endpoint, s.event, s.outcome, { trigger: 'delivery', attempt: s.attempt });
      if (wasFailing || endpoint.failures > 0) this.attempts.announceEndpoint(events, endpoint);
      if (!endpoint.active) await this.attempts.notifyPaused(em, events, endpoint);
    });
  }
}

/** Sent and taken, or nothing to send (a chat channel's silence), or passed over (too large): move on. */
const delivered = (outcome: PostOutcome | null): boolean => outcome === null || succeeded(outcome) || (outcome.statusCode === null && outcome.error?.endsWith('passed over') === true);
