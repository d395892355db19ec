import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient, type RedisClientType } from 'redis';
import { APP_CONFIG, type AppConfig } from '../config/env';

/** How long a check waits for a reconnection, once Redis has been found away, before calling it down again. */
const RECONNECT_WAIT_MS = 500;

/**
 * A connection of its own for health checks, opened at the first check: the Socket.IO adapter's connections
 * are busy with blocking stream reads. While Redis is away commands fail at once (no offline queue) and the
 * client keeps reconnecting in the background, so the check turns green again by itself.
 */
@Injectable()
export class RedisProbe implements OnModuleDestroy {
  private client: RedisClientType | null = null;
  private connecting: Promise<unknown> = Promise.resolve();
  private lastError = '';

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async ping(): Promise<void> {
    const client = this.client ?? this.open();
    if (!client.isReady) {
      // The first attempt is waited out to its end (an error, or the connect timeout), so the answer carries the
      // reason however slow the machine is; later checks give a reconnection a moment.
      const wait = new AbortController();
      const outcome = once(client, this.lastError ? 'ready' : 'error', { signal: wait.signal }).catch(() => undefined);
      const limit = this.lastError ? [sleep(RECONNECT_WAIT_MS, undefined, { signal: wait.signal }).catch(() => undefined)] : [];
      await Promise.race([this.connecting, outcome, ...limit]);
      wait.abort();
    }
    if (!client.isReady) throw new Error(`Redis is not connected${this.lastError ? `: ${this.lastError}` : ''}`);
    await client.ping();
  }

  private open(): RedisClientType {
    if (!this.config.redisUrl) throw new Error('REDIS_URL is not configured');
    const client: RedisClientType = createClient({
      url: this.config.redisUrl,
      disableOfflineQueue: true,
      socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2_000) },
    });
    // Connection errors are reported through the health answer, not as unhandled 'error' events.
    client.on('error', (err: Error) => (this.lastError = err.message));
    client.on('ready', () => (this.lastError = ''));
    this.connecting = client.connect().catch(() => undefined);
    this.client = client;
    return client;
  }

  async onModuleDestroy(): Promise<void> {
    this.client?.destroy();
    this.client = null;
  }
}
