import { Logger } from '@nestjs/common';

/**
 * Runs `work` off the request path: every `intervalMs`, and soon after `wake()`. One run at a time per process;
 * a wake during a run makes another run follow it. `work` answers whether it did something, and then runs again
 * at once (a backlog is drained without waiting for the timer). Failures are logged; the next tick tries again.
 */
export class BackgroundLoop {
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly work: () => Promise<boolean>,
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
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        setImmediate(() => this.wake());
      }
    });
  }

  /** Stops the timer and waits for the run under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
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
