import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../events/unit-of-work';
import type { PostOutcome } from './safe-post';
import type { WebhookEndpoint } from './webhook-endpoint.entity';
import { WebhookAttempts } from './webhook-attempts';
import { WebhookRepository, type DeliveryState } from './webhook.repository';
import type { WebhookEvent } from '@kpi/contracts';

/** One event sent and what came of it; `attempt` counts the tries at that event, this one included. */
export interface Sent {
  event: WebhookEvent;
  outcome: PostOutcome | null;
  attempt: number;
}

/** What one endpoint's run asks to have written down: its new state, the sends behind it, what to announce. */
export interface Settlement {
  endpoint: WebhookEndpoint;
  owner: string;
  state: DeliveryState;
  sent: Sent[];
  announce: boolean;
  paused: boolean;
}

interface Queued {
  settlement: Settlement;
  done: (held: boolean) => void;
  failed: (err: unknown) => void;
}

/**
 * Writes down the outcomes of every endpoint this node sends to, one unit of work at a time (group commit): what
 * arrives while one is being written goes into the next, together. Each holds the endpoints' new positions, the
 * attempts' log rows and their live updates. One transaction per endpoint run put a write on SQLite's one
 * connection for every delivery, and the scorings queued behind them (docs/webhooks.md). Each settlement
 * answers whether its run still held the endpoint's lease.
 */
@Injectable()
export class WebhookSettler {
  private queue: Queued[] = [];
  /** A unit of work is being written, or about to be: later settlements wait for the next. */
  private busy = false;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly repository: WebhookRepository,
    private readonly attempts: WebhookAttempts,
  ) {}

  /** Resolves true once written, false if another node holds the endpoint now (nothing of it was written). */
  settle(settlement: Settlement): Promise<boolean> {
    return new Promise((done, failed) => {
      this.queue.push({ settlement, done, failed });
      if (this.busy) return;
      this.busy = true;
      // Settlements of the same turn of the event loop go together.
      setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queue.splice(0);
    try {
      const held = await this.uow.run(async (em, events) => {
        const outcomes: boolean[] = [];
        for (const { settlement: s } of batch) {
          const kept = await this.repository.saveDeliveryState(em, s.endpoint.id, s.owner, s.state);
          outcomes.push(kept);
          if (!kept) continue;
          for (const sent of s.sent) if (sent.outcome) this.attempts.record(em, events, s.endpoint, sent.event, sent.outcome, { trigger: 'delivery', attempt: sent.attempt });
          if (s.announce) this.attempts.announceEndpoint(events, s.endpoint);
          if (s.paused) await this.attempts.notifyPaused(em, events, s.endpoint);
        }
        return outcomes;
      });
      batch.forEach((q, i) => q.done(held[i]));
    } catch (err) {
      for (const q of batch) q.failed(err);
    }
    if (this.queue.length > 0) setImmediate(() => void this.flush());
    else this.busy = false;
  }
}
