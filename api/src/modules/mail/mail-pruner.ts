import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import { RetentionJob } from '../../common/scheduling/retention-job';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { MailMessage } from './mail-message.entity';

/**
 * Deletes mail rows that are done with (sent, skipped, failed, or gathered into a digest) once they are older than
 * EVENT_RETENTION_DAYS, like the event log they came from. Pending rows are never deleted.
 */
@Injectable()
export class MailPruner extends RetentionJob {
  protected readonly rows = 'mail row(s)';

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
    return this.em.fork().nativeDelete(MailMessage, { status: { $in: ['sent', 'skipped', 'failed', 'digested'] }, createdAt: { $lt: cutoff } });
  }
}
