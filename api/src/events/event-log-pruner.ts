import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import { RetentionJob } from '../common/scheduling/retention-job';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { EventLog } from './event-log.entity';

/**
 * Deletes event-log rows older than EVENT_RETENTION_DAYS. A client asking for older events than the log still
 * holds gets `resync` and refetches, as before.
 */
@Injectable()
export class EventLogPruner extends RetentionJob {
  protected readonly rows = 'event(s)';

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  protected keptDays(): number {
    return this.config.eventRetentionDays;
  }

  protected deleteBefore(cutoff: Date): Promise<number> {
    return this.em.fork().nativeDelete(EventLog, { at: { $lt: cutoff } });
  }
}
