import { Global, Module } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { MemoryLimiterStore, RedisLimiterStore, type LimiterStore } from './limiter-store';
import { LIMITER_STORE, RateLimiter } from './rate-limiter';
import { LIMITS, limitsFor } from './limits';
import { RateLimitGuard } from './rate-limit.guard';
import { FailureLimitInterceptor } from './failure-limit.interceptor';

/**
 * Counters of one deployment: its instances share the JWT secret (or tokens would not work across them), so a
 * hash of it keeps another deployment (or test run) on the same Redis apart.
 */
const keyPrefix = (config: AppConfig) => `kpi:rl:${createHash('sha256').update(config.jwtSecret).digest('hex').slice(0, 12)}:`;

/** Rate limits for the whole app; counters in Redis when REDIS_URL is set, so every instance shares them. */
@Global()
@Module({
  providers: [
    {
      provide: LIMITER_STORE,
      inject: [APP_CONFIG],
      // Not connected here: RateLimiter connects it when the app initialises, after the Socket.IO adapter's Redis.
      useFactory: (config: AppConfig): LimiterStore =>
        config.redisUrl ? new RedisLimiterStore(config.redisUrl, keyPrefix(config)) : new MemoryLimiterStore(),
    },
    { provide: LIMITS, inject: [APP_CONFIG], useFactory: limitsFor },
    RateLimiter,
    RateLimitGuard,
    FailureLimitInterceptor,
  ],
  exports: [RateLimiter, LIMITS, RateLimitGuard, FailureLimitInterceptor],
})
export class RateLimitModule {}
