import { Inject, Injectable } from '@nestjs/common';
import { RetentionJob } from '../../common/scheduling/retention-job';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { WebhookRepository } from './webhook.repository';

/** The delivery log is kept as long as the event log keeps events (EVENT_RETENTION_DAYS), then deleted by age. */
@Injectable()
export class WebhookAttemptPruner extends RetentionJob {
  protected readonly rows = 'webhook attempt(s)';

  constructor(
    private readonly repository: WebhookRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  protected keptDays(): number {
    return this.config.eventRetentionDays;
  }

  protected deleteBefore(cutoff: Date): Promise<number> {
    return this.repository.pruneAttempts(cutoff);
  }
}
