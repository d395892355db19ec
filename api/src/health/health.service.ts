import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { DependencyHealth, Health } from '@kpi/contracts';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { RedisProbe } from './redis-probe';

/** A dependency that has not answered within this long counts as down (a load balancer waits for us). */
export const CHECK_TIMEOUT_MS = 2_000;

/** Races a check against the timeout; the answer is 'up' or 'down' with the reason. */
export async function probe(check: () => Promise<unknown>, timeoutMs = CHECK_TIMEOUT_MS): Promise<DependencyHealth> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([check(), timeout]);
    return { status: 'up' };
  } catch (err) {
    return { status: 'down', error: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

@Injectable()
export class HealthService {
  constructor(
    private readonly orm: MikroORM,
    private readonly redis: RedisProbe,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async check(): Promise<Health> {
    const [database, redis] = await Promise.all([
      probe(() => this.orm.em.getConnection().execute('select 1')),
      this.config.redisUrl ? probe(() => this.redis.ping()) : Promise.resolve(undefined),
    ]);
    const checks = redis ? { database, redis } : { database };
    const ok = [database, redis].every((c) => c === undefined || c.status === 'up');
    return { status: ok ? 'ok' : 'error', checks };
  }
}
