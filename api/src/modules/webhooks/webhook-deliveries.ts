import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { afterFailure } from './retry-schedule';
import { delivered } from './delivery-outcome';
import { DELIVERY_TIMEOUT_MS, WebhookSender } from './webhook-sender';
import type { WebhookEndpoint } from './webhook-endpoint.entity';
import type { Sent } from './webhook-attempts';
import { WebhookSettler } from './webhook-settler';
import { WebhookRepository, type DeliveryState } from './webhook.repository';

/** How long a node holds an endpoint without renewing. */
export const LEASE_MS = DELIVERY_TIMEOUT_MS + 5_000;
/** A run renews its lease before sending on once less than this is left: more than one send may take, so it can. */
const RENEW_BELOW_MS = DELIVERY_TIMEOUT_MS + 2_500;
const BATCH = 50;
/**
 * A run's sends are written down (webhook-settler.ts) after this many, or once one is done this long after the
 * first began. The price: a node killed before they are written leaves those events due, and the next holder
 * resends them (under their ids, receivers dedupe).
 */
export const SETTLE_EVERY = 10;
const SETTLE_WITHIN_MS = 20;

/** Renews this node's lease on an endpoint: the new expiry, or null when another node holds it now. */
export type Renew = (id: string) => Promise<number | null>;

/**
 * Sends one endpoint's due events, in order, while this node holds its lease (docs/webhooks.md). The sending
 * thread takes a few at a time (SETTLE_EVERY) and answers what came of them; the endpoint's new position, the
 * attempts' log rows and their live update are then written down together. A failure ends the run until its retry
 * comes due.
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
    let writtenSeq = endpoint.deliveredSeq;
    // A run that starts on a failing endpoint tells the admins, with its first write, that it is well again.
    let recovering = endpoint.failingSince !== null;
    const settle = (sent: Sent[]): Promise<boolean> => {
      const announce = recovering;
      recovering = false;
      writtenSeq = endpoint.deliveredSeq;
      return this.settle(endpoint, sent, owner, announce);
    };
    for (;;) {
      const { head, events } = await this.repository.pendingEvents(this.em, companyId, endpoint.deliveredSeq, endpoint.eventTypes, BATCH);
      const more = events.length === BATCH;
      let next = 0;
      do {
        const sent: Sent[] = [];
        if (next < events.length) {
          if (leaseUntil - Date.now() < RENEW_BELOW_MS) {
            const renewed = await renew(endpoint.id);
            if (renewed === null) return;
            leaseUntil = renewed;
          }
          const chunk = events.slice(next, next + SETTLE_EVERY);
          const outcomes = await this.sender.sendInOrder(endpoint, chunk, { sendBefore: leaseUntil, answerWithinMs: SETTLE_WITHIN_MS });
          next += outcomes.length;
          for (const [i, outcome] of outcomes.entries()) {
            const done: Sent = { event: chunk[i], outcome, attempt: endpoint.failures + 1 };
            sent.push(done);
            if (!delivered(outcome)) {
              this.failed(endpoint, done);
              await settle(sent);
              return;
            }
            endpoint.deliveredSeq = chunk[i].seq!;
            endpoint.failures = 0;
            endpoint.failingSince = null;
            endpoint.nextAttemptAt = null;
          }
        }
        // Short of a batch, the read held every event the endpoint takes up to the head: through them, it is past the others too.
        if (!more && next >= events.length) endpoint.deliveredSeq = Math.max(endpoint.deliveredSeq, head);
        if ((sent.length > 0 || endpoint.deliveredSeq !== writtenSeq || recovering) && !(await settle(sent))) return;
      } while (next < events.length);
      if (!more) return;
    }
  }

  /** Schedules the failed event's retry, or pauses the endpoint when the schedule says so. */
  private failed(endpoint: WebhookEndpoint, sent: Sent): void {
    const now = new Date();
    const outcome = sent.outcome!;
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
