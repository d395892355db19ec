import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import { HOUR, HourlyJob } from '../common/scheduling/hourly-job';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { EventLog } from './event-log.entity';

/**
 * Deletes event-log rows older than EVENT_RETENTION_DAYS. A client asking for older events than the log still
 * holds gets `resync` and refetches, as before. The delete is by age only, so several instances running it at
 * once is harmless: each deletes what is left, none deletes too much.
 */
@Injectable()
export class EventLogPruner extends HourlyJob {
  protected readonly title = 'event-log pruning';

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  protected async work(now: number): Promise<number> {
    const cutoff = new Date(now - this.config.eventRetentionDays * 24 * HOUR);
    const events = await this.em.fork().nativeDelete(EventLog, { at: { $lt: cutoff } });
    if (events) this.logger.log(`pruned ${events} event(s) older than ${cutoff.toISOString()}`);
    return events;
  }
}
