import { Logger } from '@nestjs/common';

/**
 * Runs `work` off the request path: every `intervalMs`, and `settleMs` after `wake()`. One run at a time per
 * process; a wake during a run makes another run follow it. `work` answers whether it did something, and then
 * runs again at once (a backlog is drained without waiting for the timer). Failures are logged; the next tick
 * tries again.
 *
 * `settleMs` gathers the wakes of a busy moment into one run (a wake during a run waits for it too): each run of the mail loops is a write transaction,
 * and with durable commits (an fsync each) one per scoring would queue the scorings themselves behind the mail's
 * commits on SQLite's one writer (docs/notifications.md, "Cost on the scoring path").
 */
/** How long the mail loops gather wakes: an email leaves at most about this much later (twice: fan-out, then send). */
export const MAIL_SETTLE_MS = 200;

export class BackgroundLoop {
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private settling: NodeJS.Timeout | null = null;

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly work: () => Promise<boolean>,
    private readonly settleMs = 0,
  ) {
    this.logger = new Logger(name);
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.intervalMs);
    this.timer.unref();
    this.wake();
  }

  wake(): void {
    if (this.stopped || this.settling) return;
    if (this.settleMs > 0 && !this.running) {
      this.settling = setTimeout(() => {
        this.settling = null;
        this.run();
      }, this.settleMs);
      this.settling.unref();
      return;
    }
    this.run();
  }

  private run(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        if (this.settleMs > 0) this.wake();
        else setImmediate(() => this.run());
      }
    });
  }

  /** Stops the timer and waits for the run under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.settling) clearTimeout(this.settling);
    this.timer = null;
    this.settling = null;
    await this.running;
  }

  private async drain(): Promise<void> {
    try {
      while (!this.stopped && (await this.work()));
    } catch (err) {
      this.logger.warn(`${this.name} failed: ${(err as Error).message}`);
    }
  }
}
