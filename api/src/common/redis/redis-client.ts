import { Logger } from '@nestjs/common';
import { createClient, type RedisClientType } from 'redis';

/** Attempts at the first connection before start-up gives up with a clear error. */
const START_ATTEMPTS = 4;

/**
 * A Redis client for one purpose, connected: at start-up it gives up after a few attempts (a wrong REDIS_URL stops
 * the start with a message naming `purpose`); once running it keeps reconnecting, logging the loss and the return
 * once each.
 */
export async function connectRedis(url: string, purpose: string): Promise<RedisClientType> {
  const logger = new Logger('Redis');
  let started = false;
  let healthy = true;
  const client: RedisClientType = createClient({
    url,
    socket: {
      connectTimeout: 5_000,
      reconnectStrategy: (retries, cause) =>
        started ? Math.min(100 * 2 ** retries, 2_000) : retries >= START_ATTEMPTS ? new Error(`${purpose}: Redis is unreachable: ${cause.message}`) : 250,
    },
  });
  client.on('error', (err: Error) => {
    if (started && healthy) logger.warn(`${purpose} lost Redis (${err.message}); retrying`);
    healthy = false;
  });
  client.on('ready', () => {
    if (started && !healthy) logger.log(`${purpose}: Redis is back`);
    healthy = true;
  });
  try {
    await client.connect();
  } catch (err) {
    if (client.isOpen) client.destroy();
    throw new Error((err as Error).message.startsWith(purpose) ? (err as Error).message : `${purpose}: Redis is unreachable: ${(err as Error).message}`, { cause: err });
  }
  started = true;
  return client;
}

/** Closes a client gracefully, or at once when it cannot be. */
export async function closeRedis(client: RedisClientType | null): Promise<void> {
  if (!client?.isOpen) return;
  await client.close().catch(() => (client.isOpen ? client.destroy() : undefined));
}
