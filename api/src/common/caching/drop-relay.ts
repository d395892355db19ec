import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { RedisClientType } from 'redis';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { closeRedis, connectRedis } from '../redis/redis-client';
import { CacheDrops, type NamedDrop } from './cache-drops';

/** The pub/sub channel every node of one deployment shares for cache drops. */
export const DROP_CHANNEL = 'kpi:cache-drops';

interface Message {
  from: string;
  drops: NamedDrop[];
}

/**
 * With REDIS_URL, each node publishes the drops its commits cause and applies the other nodes' (docs/caching.md):
 * a write on one node drops the answers it changes on every node within a Redis round trip, instead of each node's
 * cached answer living out its second. Without Redis there is one node, and nothing to relay.
 */
@Injectable()
export class DropRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Caches');
  private readonly node = randomUUID();
  private publisher: RedisClientType | null = null;
  private subscriber: RedisClientType | null = null;

  constructor(
    private readonly drops: CacheDrops,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.redisUrl) return;
    this.publisher = await connectRedis(this.config.redisUrl, 'Cache drops');
    this.subscriber = await connectRedis(this.config.redisUrl, 'Cache drops');
    await this.subscriber.subscribe(DROP_CHANNEL, (raw) => {
      const message = JSON.parse(raw) as Message;
      if (message.from !== this.node) this.drops.apply(message.drops);
    });
    this.drops.relayTo((drops) => {
      const publisher = this.publisher;
      if (!publisher?.isReady) return;
      publisher.publish(DROP_CHANNEL, JSON.stringify({ from: this.node, drops } satisfies Message)).catch((err: Error) => {
        this.logger.warn(`relaying cache drops failed: ${err.message}; other nodes catch up within a second`);
      });
    });
  }

  async onModuleDestroy(): Promise<void> {
    const clients = [this.subscriber, this.publisher];
    this.subscriber = this.publisher = null;
    await Promise.all(clients.map(closeRedis));
  }
}
