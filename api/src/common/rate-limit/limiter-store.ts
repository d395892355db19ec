import { Logger } from '@nestjs/common';
import { createClient, type RedisClientType } from 'redis';

/**
 * Where rate-limit counters live: in memory for one instance, in Redis when several share the load
 * (REDIS_URL), so a limit holds across the cluster rather than per instance. Fixed windows: simple and enough.
 */
export interface LimiterStore {
  /** Counts one hit on `key` and returns the hits in its current window, this one included. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** The hits in `key`'s current window, without counting one. */
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  /** Takes back one hit counted by `hit` (an attempt that turned out not to count), never below zero. */
  unhit(key: string): Promise<void>;
  /** Opens the store's connection, if it has one (called when the app initialises). */
  connect?(): Promise<unknown>;
  close(): Promise<void>;
}

export class MemoryLimiterStore implements LimiterStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper = setInterval(() => this.sweep(), 60_000).unref();

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) this.windows.set(key, (w = { count: 0, resetAt: now + windowMs }));
    w.count += 1;
    return { count: w.count, resetInMs: w.resetAt - now };
  }

  async peek(key: string) {
    const w = this.windows.get(key);
    return w && w.resetAt > Date.now() ? w.count : 0;
  }

  async reset(key: string) {
    this.windows.delete(key);
  }

  async unhit(key: string) {
    const w = this.windows.get(key);
    if (w && w.count > 0) w.count -= 1;
  }

  async close() {
    clearInterval(this.sweeper);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

/** One INCR and a PEXPIRE set only on a window's first hit, in one round trip. */
export class RedisLimiterStore implements LimiterStore {
  private readonly logger = new Logger('RateLimit');
  private readonly client: RedisClientType;
  private started = false;
  private healthy = true;

  constructor(url: string, private readonly prefix = 'kpi:rl:') {
    this.client = createClient({
      url,
      socket: {
        connectTimeout: 5_000,
        // At start-up give up soon (a wrong REDIS_URL stops the start with a message); once running, keep trying.
        reconnectStrategy: (n, cause) => (this.started ? Math.min(100 * 2 ** n, 2_000) : n >= 3 ? new Error(`Redis is unreachable: ${cause.message}`) : 250),
      },
    });
    this.client.on('error', (err: Error) => {
      if (this.started && this.healthy) this.logger.warn(`rate-limit store lost Redis (${err.message}); limits are not applied until it is back`);
      this.healthy = false;
    });
    this.client.on('ready', () => (this.healthy = true));
  }

  async connect(): Promise<this> {
    try {
      await this.client.connect();
    } catch (err) {
      if (this.client.isOpen) this.client.destroy();
      throw new Error(`Rate limits: ${(err as Error).message}`, { cause: err });
    }
    this.started = true;
    return this;
  }

  async hit(key: string, windowMs: number) {
    const k = this.prefix + key;
    const [count, , ttl] = (await this.client.multi().incr(k).pExpire(k, windowMs, 'NX').pTTL(k).exec()) as unknown as [number, number, number];
    return { count: Number(count), resetInMs: Math.max(0, Number(ttl)) };
  }

  async peek(key: string) {
    return Number((await this.client.get(this.prefix + key)) ?? 0);
  }

  async reset(key: string) {
    await this.client.del(this.prefix + key);
  }

  /** DECR keeps the window's expiry; on a window that ended meanwhile it makes a -1 without one, which is deleted. */
  async unhit(key: string) {
    const k = this.prefix + key;
    const left = Number(await this.client.decr(k));
    if (left < 0) await this.client.del(k);
  }

  async close() {
    if (this.client.isOpen) await this.client.close().catch(() => this.client.destroy());
  }
}
