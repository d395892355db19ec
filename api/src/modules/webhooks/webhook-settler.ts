import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../events/unit-of-work';
import type { AttemptRecord } from './webhook-attempt.entity';
import type { WebhookEndpoint } from './webhook-endpoint.entity';
import { WebhookAttempts, type Sent } from './webhook-attempts';
import { WebhookRepository, type DeliveryState } from './webhook.repository';

/** At most one unit of work this often: SQLite has one write connection, and every scoring queues on it. */
export const SETTLE_SPACING_MS = 50;

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
 * arrives while one is being written, or within SETTLE_SPACING_MS of the last, goes into the next, together. Each
 * holds the endpoints' new positions and the attempts' log rows, and tells the admins of the new attempts in a live
 * note, not in an event of the company's stream. One transaction per endpoint run, an event per attempt, put a
 * write on SQLite's one connection for every delivery, and the scorings queued behind them (docs/webhooks.md).
 * Each settlement answers whether its run still held the endpoint's lease.
 */
@Injectable()
export class WebhookSettler {
  private queue: Queued[] = [];
  /** A unit of work is being written, or waits for its turn: later settlements go into the next. */
  private busy = false;
  private lastFlushAt = 0;

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
      this.flushSoon();
    });
  }

  /** Settlements of the same turn of the event loop go together, and at most one unit of work per spacing. */
  private flushSoon(): void {
    const wait = this.lastFlushAt + SETTLE_SPACING_MS - Date.now();
    if (wait > 0) setTimeout(() => void this.flush(), wait);
    else setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    this.lastFlushAt = Date.now();
    const batch = this.queue.splice(0);
    try {
      const held = await this.uow.run(async (em, events) => {
        // One statement for every endpoint of the batch (a node settles only its own runs: one owner).
        const byOwner = new Map<string, { id: string; state: DeliveryState }[]>();
        for (const { settlement: s } of batch) {
          const states = byOwner.get(s.owner) ?? [];
          states.push({ id: s.endpoint.id, state: s.state });
          byOwner.set(s.owner, states);
        }
        const written = new Set<string>();
        for (const [owner, states] of byOwner) (await this.repository.saveDeliveryStates(em, owner, states)).forEach((id) => written.add(id));
        const kept = batch.map(({ settlement: s }) => written.has(s.endpoint.id));
        const rows: AttemptRecord[] = [];
        for (const [i, { settlement: s }] of batch.entries()) {
          if (!kept[i]) continue;
          const logged = this.attempts.deliveryRows(events, s.endpoint, s.sent);
          rows.push(...logged);
          this.attempts.announceDeliveries(events, s.endpoint, logged);
          if (s.announce) this.attempts.announceEndpoint(events, s.endpoint);
          if (s.paused) await this.attempts.notifyPaused(em, events, s.endpoint);
        }
        await this.repository.insertAttempts(em, rows);
        return kept;
      });
      batch.forEach((q, i) => q.done(held[i]));
    } catch (err) {
      for (const q of batch) q.failed(err);
    }
    if (this.queue.length > 0) this.flushSoon();
    else this.busy = false;
  }
}
