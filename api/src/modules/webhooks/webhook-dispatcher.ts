import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { WEBHOOK_EVENT_TYPES } from '@kpi/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { outsideRequest } from '../../common/tenancy/query-origin';
import { CommitFeed } from '../../events/commit-feed';
import { LEASE_MS, WebhookDeliveries } from './webhook-deliveries';
import type { WebhookEndpoint } from './webhook-endpoint.entity';
import { WebhookRepository } from './webhook.repository';

/** Endpoints one node sends to at once. */
export const CONCURRENT_ENDPOINTS = 8;
/** How often a node looks for work it was not woken for: another node's commits, retries come due. */
const POLL_MS = 1_000;
const DELIVERED_TYPES = new Set<string>(WEBHOOK_EVENT_TYPES);

/**
 * Runs deliveries off the request path on every node (docs/webhooks.md): woken just after a local commit that
 * logged a deliverable event, and every second; the endpoint lease (webhook.repository.ts) keeps two nodes from
 * sending to one endpoint at once. Leases are taken, and given back once an endpoint has nothing left, a tick's
 * worth at a time in one statement each, not one endpoint at a time.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Webhooks');
  private readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly inFlight = new Map<string, Promise<void>>();
  /** Endpoints this node holds the lease on, and until when (ms since the epoch). */
  private readonly held = new Map<string, number>();
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
    await this.repository.release([...this.held.keys()], this.owner).catch(() => undefined);
    this.held.clear();
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
        if (this.stopped) break;
        const due = await this.repository.dueEndpointIds(new Date(), this.owner, CONCURRENT_ENDPOINTS + this.inFlight.size);
        await this.releaseIdle(new Set(due));
        const free = CONCURRENT_ENDPOINTS - this.inFlight.size;
        const starting = due.filter((id) => !this.inFlight.has(id)).slice(0, Math.max(free, 0));
        for (const endpoint of await this.take(starting)) this.start(endpoint);
      } while (this.again);
    } catch (err) {
      this.logger.warn(`looking for due webhook deliveries failed: ${(err as Error).message}`);
    } finally {
      this.ticking = false;
    }
  }

  /**
   * Leases (or renews) the endpoints about to start, in one statement, and loads those this node holds. Always
   * asked of the database: an admin's edit or replay takes a lease away (webhooks.service.ts).
   */
  private async take(ids: string[]): Promise<WebhookEndpoint[]> {
    if (ids.length === 0) return [];
    const now = Date.now();
    const until = now + LEASE_MS;
    const leased = await this.repository.lease(ids, this.owner, new Date(now), new Date(until));
    for (const id of ids) this.held.delete(id);
    for (const id of leased) this.held.set(id, until);
    return this.repository.held(leased, this.owner);
  }

  /** Gives back the leases of endpoints with nothing left to send, so another node's commits reach them at once. */
  private async releaseIdle(due: Set<string>): Promise<void> {
    const idle = [...this.held.keys()].filter((id) => !due.has(id) && !this.inFlight.has(id));
    if (idle.length === 0) return;
    for (const id of idle) this.held.delete(id);
    await this.repository.release(idle, this.owner);
  }

  private renew = async (id: string): Promise<number | null> => {
    const until = Date.now() + LEASE_MS;
    const [kept] = await this.repository.lease([id], this.owner, new Date(), new Date(until));
    if (kept) this.held.set(id, until);
    else this.held.delete(id);
    return kept ? until : null;
  };

  private start(endpoint: WebhookEndpoint): void {
    const id = endpoint.id;
    const run = this.deliveries.run(endpoint, this.owner, this.held.get(id)!, this.renew).then(
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
