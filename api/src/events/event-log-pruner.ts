import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { EventLog } from './event-log.entity';

const HOUR = 3_600_000;

/**
 * Deletes event-log rows older than EVENT_RETENTION_DAYS, at start-up and then hourly. A client asking for
 * older events than the log still holds gets `resync` and refetches, as before. The delete is by age only,
 * so several instances running it at once is harmless: each deletes what is left, none deletes too much.
 */
@Injectable()
export class EventLogPruner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('EventLogPruner');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    void this.prune();
    this.timer = setInterval(() => void this.prune(), HOUR);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Returns how many events were deleted. */
  async prune(now = Date.now()): Promise<number> {
    try {
      const em = this.em.fork();
      const cutoff = new Date(now - this.config.eventRetentionDays * 24 * HOUR);
      const events = await em.nativeDelete(EventLog, { at: { $lt: cutoff } });
      if (events) this.logger.log(`pruned ${events} event(s) older than ${cutoff.toISOString()}`);
      return events;
    } catch (err) {
      this.logger.warn(`event-log pruning failed: ${(err as Error).message}`);
      return 0;
    }
  }
}
