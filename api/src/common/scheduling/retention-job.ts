import { HOUR, HourlyJob } from './hourly-job';

const DAY = 24 * HOUR;

/**
 * An hourly job deleting the rows of one kind older than a number of days. By age only, so several instances
 * running it at once is harmless: each deletes what is left, none deletes too much.
 */
export abstract class RetentionJob extends HourlyJob {
  /** The rows, plural, for the log line ("mail row(s)"). */
  protected abstract readonly rows: string;

  /** How many days rows are kept; null keeps them for ever. */
  protected abstract keptDays(): number | null;

  /** Deletes the rows older than `cutoff`; answers how many. */
  protected abstract deleteBefore(cutoff: Date): Promise<number>;

  protected get title(): string {
    return `pruning ${this.rows}`;
  }

  protected async work(now: number): Promise<number> {
    const days = this.keptDays();
    if (days === null) return 0;
    const cutoff = new Date(now - days * DAY);
    const deleted = await this.deleteBefore(cutoff);
    if (deleted) this.logger.log(`pruned ${deleted} ${this.rows} older than ${cutoff.toISOString()}`);
    return deleted;
  }
}
