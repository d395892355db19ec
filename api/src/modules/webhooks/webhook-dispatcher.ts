import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { WEBHOOK_EVENT_TYPES } from '@kpi/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { outsideRequest } from '../../common/tenancy/query-origin';
import { CommitFeed } from '../../events/commit-feed';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookRepository } from './webhook.repository';

/** Endpoints one node sends to at once. */
export const CONCURRENT_ENDPOINTS = 8;
/** How often a node looks for work it was not woken for: another node's commits, retries come due. */
const POLL_MS = 1_000;
const DELIVERED_TYPES = new Set<string>(WEBHOOK_EVENT_TYPES);

/**
 * Runs deliveries off the request path on every node (docs/webhooks.md): woken just after a local commit that
 * logged a deliverable event, and every second; the endpoint lease (webhook.repository.ts) keeps two nodes from
 * sending to one endpoint at once.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Webhooks');
  private readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly inFlight = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  private again = false;
  private stopped = false;

  constructor(
    private readonly repository: WebhookRepository,
    private readonly deliveries: WebhookDeliveries,
    private readonly feed: CommitFeed,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.webhookAllowLoopback) {
      this.logger.warn('WEBHOOK_ALLOW_LOOPBACK is on: webhooks may be sent over plain http:// and to loopback addresses. Development and tests only.');
    }
    this.feed.listen(({ events }) => {
      if (events.some((e) => e.envelope.companyId && DELIVERED_TYPES.has(e.envelope.type))) this.wake();
    });
    this.timer = setInterval(() => this.wake(), POLL_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    // A send in flight ends within its timeout; its outcome is recorded before the database closes.
    await Promise.allSettled(this.inFlight.values());
  }

  /** Looks for due endpoints soon, once however often it is asked before it runs. */
  wake(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = true;
    // Deliveries serve the company, not whichever request woke them: none of their statements are the request's.
    outsideRequest(() => setImmediate(() => void this.tick()));
  }

  private async tick(): Promise<void> {
    try {
      do {
        this.again = false;
        const free = CONCURRENT_ENDPOINTS - this.inFlight.size;
        if (free <= 0 || this.stopped) break;
        const due = await this.repository.dueEndpointIds(new Date(), CONCURRENT_ENDPOINTS + this.inFlight.size);
        for (const id of due.filter((d) => !this.inFlight.has(d)).slice(0, free)) this.start(id);
      } while (this.again);
    } catch (err) {
      this.logger.warn(`looking for due webhook deliveries failed: ${(err as Error).message}`);
    } finally {
      this.ticking = false;
    }
  }

  private start(id: string): void {
    const run = this.deliveries.run(id, this.owner).then(
      () => {
        this.inFlight.delete(id);
        this.wake();
      },
      (err: Error) => {
        // Left to the next poll, so a failing database is not asked again in a tight loop.
        this.inFlight.delete(id);
        this.logger.warn(`webhook deliveries to endpoint ${id} failed: ${err.message}`);
      },
    );
    this.inFlight.set(id, run);
  }
}
