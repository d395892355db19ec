import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import { pruneScoringKeys } from './scoring-keys';

const HOUR = 3_600_000;

/**
 * Forgets idempotency keys past their lifetime, at start-up and then hourly (as the event log is pruned).
 * The delete is by age only, so several instances running it at once is harmless.
 */
@Injectable()
export class ScoringKeyPruner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ScoringKeyPruner');
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly em: EntityManager) {}

  onApplicationBootstrap(): void {
    void this.prune();
    this.timer = setInterval(() => void this.prune(), HOUR);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Returns how many keys were deleted. */
  async prune(now = Date.now()): Promise<number> {
    try {
      return await pruneScoringKeys(this.em.fork(), now);
    } catch (err) {
      this.logger.warn(`scoring-key pruning failed: ${(err as Error).message}`);
      return 0;
    }
  }
}
