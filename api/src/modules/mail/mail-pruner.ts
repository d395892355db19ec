import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import { HOUR, HourlyJob } from '../../common/scheduling/hourly-job';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { MailMessage } from './mail-message.entity';

/**
 * Deletes mail rows that are done with (sent, skipped, failed, or gathered into a digest) once they are older than
 * EVENT_RETENTION_DAYS, like the event log they came from. Pending rows are never deleted. By age only, so
 * several nodes running it at once is harmless.
 */
@Injectable()
export class MailPruner extends HourlyJob {
  protected readonly title = 'mail pruning';

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  protected async work(now: number): Promise<number> {
    const cutoff = new Date(now - this.config.eventRetentionDays * 24 * HOUR);
    const rows = await this.em.fork().nativeDelete(MailMessage, { status: { $in: ['sent', 'skipped', 'failed', 'digested'] }, createdAt: { $lt: cutoff } });
    if (rows) this.logger.log(`pruned ${rows} mail row(s) older than ${cutoff.toISOString()}`);
    return rows;
  }
}
