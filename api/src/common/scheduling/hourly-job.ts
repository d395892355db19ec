import { Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';

export const HOUR = 3_600_000;

/**
 * Housekeeping that runs at start-up and then hourly on every instance (so each job must be harmless when several
 * run it at once), never keeps the process alive, and only logs a failure: the next hour tries again.
 */
export abstract class HourlyJob implements OnApplicationBootstrap, OnModuleDestroy {
  protected readonly logger = new Logger(this.constructor.name);
  private timer: NodeJS.Timeout | null = null;

  /** Does the work once; answers how many rows it removed, for the tests and the log. */
  protected abstract work(now: number): Promise<number>;

  /** What the job does, for the failure line ("event-log pruning"). */
  protected abstract readonly title: string;

  onApplicationBootstrap(): void {
    void this.prune();
    this.timer = setInterval(() => void this.prune(), HOUR);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Returns how many rows were deleted (0 when it failed). */
  async prune(now = Date.now()): Promise<number> {
    try {
      return await this.work(now);
    } catch (err) {
      this.logger.warn(`${this.title} failed: ${(err as Error).message}`);
      return 0;
    }
  }
}
