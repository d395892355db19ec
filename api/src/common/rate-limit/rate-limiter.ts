import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { AppError } from '../errors/app-error';
import type { LimiterStore } from './limiter-store';

export const LIMITER_STORE = Symbol('LIMITER_STORE');

export interface Limit {
  /** Names the counter family, e.g. `login-failures-address`. */
  name: string;
  max: number;
  windowMs: number;
}

export class TooManyRequests extends AppError {
  constructor(readonly retryAfterS: number, message = 'Too many attempts, please wait a minute and try again') {
    super('TOO_MANY_REQUESTS', message);
  }
}

/**
 * Counts hits per limit and key over a shared store. If the store fails (Redis down), requests are let through
 * and a warning logged: sign-in must not stop because the limiter's cache did (docs/security.md).
 */
@Injectable()
export class RateLimiter implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('RateLimit');

  constructor(@Inject(LIMITER_STORE) private readonly store: LimiterStore) {}

  /** Counts one hit; throws 429 once `key` has used up `limit` in the current window. */
  async consume(limit: Limit, key: string): Promise<void> {
    const used = await this.safely(() => this.store.hit(`${limit.name}:${key}`, limit.windowMs));
    if (used && used.count > limit.max) throw new TooManyRequests(Math.ceil(used.resetInMs / 1000));
  }

  /**
   * Counts one hit; past the limit takes it back and returns the seconds to wait, else null. The counter then
   * holds exactly the hits still standing: what failed, and what is being checked.
   */
  async consumeOrRefund(limit: Limit, key: string): Promise<number | null> {
    const used = await this.safely(() => this.store.hit(`${limit.name}:${key}`, limit.windowMs));
    if (!used || used.count <= limit.max) return null;
    await this.unhit(limit, key);
    return Math.max(1, Math.ceil(used.resetInMs / 1000));
  }

  /** Whether `key` has used up `limit`, without counting a hit (e.g. an account locked by failed sign-ins). */
  async isExhausted(limit: Limit, key: string): Promise<boolean> {
    return ((await this.safely(() => this.store.peek(`${limit.name}:${key}`))) ?? 0) >= limit.max;
  }

  /** Counts one hit and returns whether it stayed within the limit (for sockets, which have no 429). */
  async allows(limit: Limit, key: string): Promise<boolean> {
    const used = await this.safely(() => this.store.hit(`${limit.name}:${key}`, limit.windowMs));
    return !used || used.count <= limit.max;
  }

  async hit(limit: Limit, key: string): Promise<void> {
    await this.safely(() => this.store.hit(`${limit.name}:${key}`, limit.windowMs));
  }

  async unhit(limit: Limit, key: string): Promise<void> {
    await this.safely(() => this.store.unhit(`${limit.name}:${key}`));
  }

  async reset(limit: Limit, key: string): Promise<void> {
    await this.safely(() => this.store.reset(`${limit.name}:${key}`));
  }

  async onModuleInit(): Promise<void> {
    await this.store.connect?.();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }

  private async safely<T>(work: () => Promise<T>): Promise<T | null> {
    try {
      return await work();
    } catch (err) {
      this.logger.warn(`rate limit not applied: ${(err as Error).message}`);
      return null;
    }
  }
}
