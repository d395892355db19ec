import { Inject, Injectable } from '@nestjs/common';
import { HOUR, HourlyJob } from '../../common/scheduling/hourly-job';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { WebhookRepository } from './webhook.repository';

/** The delivery log is kept as long as the event log keeps events (EVENT_RETENTION_DAYS), then deleted by age. */
@Injectable()
export class WebhookAttemptPruner extends HourlyJob {
  protected readonly title = 'webhook delivery log pruning';

  constructor(
    private readonly repository: WebhookRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  protected async work(now: number): Promise<number> {
    const pruned = await this.repository.pruneAttempts(new Date(now - this.config.eventRetentionDays * 24 * HOUR));
    if (pruned) this.logger.log(`pruned ${pruned} webhook attempt(s)`);
    return pruned;
  }
}
