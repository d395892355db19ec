import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import { HourlyJob } from '../../common/scheduling/hourly-job';
import { pruneScoringKeys } from './scoring-keys';

/** Forgets idempotency keys past their lifetime. The delete is by age only, so several instances may run it. */
@Injectable()
export class ScoringKeyPruner extends HourlyJob {
  protected readonly title = 'scoring-key pruning';

  constructor(private readonly em: EntityManager) {
    super();
  }

  protected work(now: number): Promise<number> {
    return pruneScoringKeys(this.em.fork(), now);
  }
}
