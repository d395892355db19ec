import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { afterFailure } from './retry-schedule';
import type { PostOutcome } from './safe-post';
import { DELIVERY_TIMEOUT_MS, succeeded, WebhookSender } from './webhook-sender';
import type { WebhookEndpoint } from './webhook-endpoint.entity';
import { WebhookSettler, type Sent } from './webhook-settler';
import { WebhookRepository, type DeliveryState } from './webhook.repository';

/** How long a node holds an endpoint without renewing: longer than one send may take. */
export const LEASE_MS = DELIVERY_TIMEOUT_MS + 5_000;
const BATCH = 50;
/**
 * A run hands its successful deliveries over to be written down (webhook-settler.ts) after this many, or this long
 * after the first. The price: a node killed before they are written leaves those events due, and the next holder
 * resends them (under their ids, receivers dedupe).
 */
export const SETTLE_EVERY = 10;
const SETTLE_WITHIN_MS = 20;

/** Renews this node's lease on an endpoint: the new expiry, or null when another node holds it now. */
export type Renew = (id: string) => Promise<number | null>;

/**
 * Sends one endpoint's due events, in order, while this node holds its lease (docs/webhooks.md). The endpoint's
 * new position, the attempts' log rows and their live updates are written down together, a few deliveries at a
 * time (SETTLE_EVERY); a failure is written down at once and ends the run until its retry comes due.
 */
@Injectable()
export class WebhookDeliveries {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: WebhookRepository,
    private readonly sender: WebhookSender,
    private readonly settler: WebhookSettler,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Works through `endpoint`, whose lease this node holds until `leaseUntil` (ms since the epoch). */
  async run(endpoint: WebhookEndpoint, owner: string, leaseUntil: number, renew: Renew): Promise<void> {
    const companyId = endpoint.company.id;
    const pending: Sent[] = [];
    let firstPendingAt = 0;
    // A run that starts on a failing endpoint tells the admins, with its first write, that it is well again.
    let recovering = endpoint.failingSince !== null;
    const settle = (sent: Sent[]): Promise<boolean> => {
      const announce = recovering;
      recovering = false;
      return this.settle(endpoint, sent, owner, announce);
    };
    for (;;) {
      const head = await this.repository.streamHead(this.em, companyId);
      const batch = await this.repository.eventsAfter(this.em, companyId, endpoint.deliveredSeq, head, endpoint.eventTypes, BATCH);
      if (batch.length === 0) {
        // Past the events it does not take, too: written only when there is something to write.
        const skipped = head > endpoint.deliveredSeq;
        if (skipped) endpoint.deliveredSeq = head;
        if (pending.length > 0 || skipped || recovering) await settle(pending.splice(0));
        return;
      }
      for (const event of batch) {
        if (leaseUntil - Date.now() < LEASE_MS / 2) {
          if (pending.length > 0 && !(await settle(pending.splice(0)))) return;
          const renewed = await renew(endpoint.id);
          if (renewed === null) return;
          leaseUntil = renewed;
        }
        const sent: Sent = { event, outcome: await this.sender.send(endpoint, event), attempt: endpoint.failures + 1 };
        if (!delivered(sent.outcome)) {
          this.failed(endpoint, sent, pending[pending.length - 1]);
          await settle([...pending.splice(0), sent]);
          return;
        }
        endpoint.deliveredSeq = event.seq!;
        endpoint.failures = 0;
        endpoint.failingSince = null;
        endpoint.nextAttemptAt = null;
        if (pending.push(sent) === 1) firstPendingAt = Date.now();
        if (pending.length >= SETTLE_EVERY || Date.now() - firstPendingAt >= SETTLE_WITHIN_MS) {
          if (!(await settle(pending.splice(0)))) return;
        }
      }
    }
  }

  /** Schedules the failed event's retry, or pauses the endpoint when the schedule says so. */
  private failed(endpoint: WebhookEndpoint, sent: Sent, previous: Sent | undefined): void {
    const now = new Date();
    const outcome = sent.outcome!;
    if (previous) endpoint.deliveredSeq = previous.event.seq!;
    endpoint.failures = sent.attempt;
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

  /** Hands a run of sends over to be written down with the endpoint's state; false when the lease was lost. */
  private settle(endpoint: WebhookEndpoint, sent: Sent[], owner: string, announce: boolean): Promise<boolean> {
    endpoint.updatedAt = new Date();
    const state: DeliveryState = {
      deliveredSeq: endpoint.deliveredSeq,
      failures: endpoint.failures,
      failingSince: endpoint.failingSince,
      nextAttemptAt: endpoint.nextAttemptAt,
      active: endpoint.active,
      pausedReason: endpoint.pausedReason,
      updatedAt: endpoint.updatedAt,
    };
    return this.settler.settle({ endpoint, owner, state, sent, announce: announce || endpoint.failures > 0, paused: !endpoint.active });
  }
}

/** Sent and taken, or nothing to send (a chat channel's silence), or passed over (too large): move on. */
const delivered = (outcome: PostOutcome | null): boolean => outcome === null || succeeded(outcome) || (outcome.statusCode === null && outcome.error?.endsWith('passed over') === true);
