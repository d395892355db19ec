import { Logger, type INestApplicationContext } from '@nestjs/common';
import type { IoAdapter } from '@nestjs/platform-socket.io';
import { PushOnlyIoAdapter } from './push-only-io.adapter';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { randomUUID } from 'node:crypto';
import { createClient, type RedisClientType } from 'redis';
import type { ServerOptions } from 'socket.io';

/** The Redis stream (and pub/sub channel prefix) the instances share; named so another Socket.IO app's never mixes in. */
export const REDIS_STREAM = 'kpi:socket.io';

/** How long an idle stream read blocks in Redis before it is sent again. */
const READ_BLOCK_MS = 1_000;

/** Attempts at the first connection before start-up gives up with a clear error. */
const START_ATTEMPTS = 4;

/** How often closing looks at the adapter's connections (CLIENT LIST), and for how long at most. */
const LOOK_EVERY_MS = 25;
const SUBSCRIBED_WITHIN_MS = 1_000;
const CLOSED_WITHIN_MS = READ_BLOCK_MS + 1_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A Redis URL fit for a log line: the password, if any, is masked. */
export function redisUrlForLog(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'redis://…';
  }
}

/**
 * Socket.IO through Redis (REDIS_URL, docs/scale-out.md): several api instances share rooms, so what one sends to a
 * room through the adapter (a wall's copy of an event, docs/wall-display.md) reaches sockets connected to any other.
 * Events themselves travel between the nodes through the live relay (live-relay.ts), so that each node can order
 * them. It uses the Redis *streams* adapter: an instance that loses Redis for a moment resumes reading the stream
 * where it stopped, where plain pub/sub would drop what was sent meanwhile.
 *
 * Lifecycle: `connect()` before the app listens (start-up fails with a clear message if Redis is unreachable); the
 * adapter and its two extra connections (the stream reader and the pub/sub subscriber, which the library makes with
 * our client's `duplicate()`) are created with the Socket.IO server. Closing that server closes the adapter, which
 * disconnects those two itself (the reader after its current read); `dispose()`, which Nest calls after, waits for
 * them to go, then closes our client. The library keeps no handle on them for us, so this module watches them in
 * Redis (CLIENT LIST): each of this instance's connections carries the same name, which `duplicate()` copies.
 */
export class RedisIoAdapter extends PushOnlyIoAdapter {
  private readonly logger = new Logger('Redis');
  private client: RedisClientType | null = null;
  /** The client name of this instance's Socket.IO connections: ours and the two the adapter duplicates from it. */
  private readonly name = `kpi-io-${randomUUID()}`;

  constructor(
    app: INestApplicationContext,
    private readonly url: string,
  ) {
    super(app);
  }

  async connect(): Promise<void> {
    const where = redisUrlForLog(this.url);
    let started = false;
    let healthy = true;
    const client: RedisClientType = createClient({
      url: this.url,
      name: this.name,
      socket: {
        connectTimeout: 5_000,
        // At start-up give up soon (a wrong REDIS_URL should stop the start, not hang it); once running, keep trying.
        reconnectStrategy: (retries, cause) =>
          started ? Math.min(100 * 2 ** retries, 2_000) : retries >= START_ATTEMPTS ? new Error(`Redis at ${where} is unreachable: ${cause.message}`) : 250,
      },
    });
    client.on('error', (err: Error) => {
      if (started && healthy) this.logger.warn(`lost Redis at ${where} (${err.message}); retrying`);
      healthy = false;
    });
    client.on('ready', () => {
      if (started && !healthy) this.logger.log(`Redis at ${where} is back`);
      healthy = true;
    });
    try {
      await client.connect();
    } catch (err) {
      if (client.isOpen) client.destroy();
      throw err instanceof Error && err.message.startsWith('Redis at') ? err : new Error(`Redis at ${where} is unreachable: ${(err as Error).message}`);
    }
    started = true;
    this.client = client;
    this.logger.log(`Socket.IO rooms are shared through Redis at ${where} (stream ${REDIS_STREAM})`);
  }

  override createIOServer(port: number, options?: ServerOptions): unknown {
    if (!this.client) throw new Error('RedisIoAdapter.connect() must finish before the app listens');
    const adapter = createAdapter(this.client, {
      streamName: REDIS_STREAM,
      channelPrefix: REDIS_STREAM,
      // Envelopes are plain JSON: skip the library's walk of every payload looking for binary data.
      onlyPlaintext: true,
      // How long an idle XREAD blocks: it bounds how long closing waits for the reader to stop (default 5 s).
      blockTimeInMs: READ_BLOCK_MS,
    });
    // perMessageDeflate stays off whatever the gateway says (measured: 5x the latency and about 10x the memory per socket).
    return super.createIOServer(port, { ...options, adapter, perMessageDeflate: false });
  }

  /**
   * Closing the server disconnects the adapter's subscriber at once, which would reject its SUBSCRIBE were that
   * still unanswered (a server closed the moment it started), and nothing in the library handles that rejection:
   * so wait until Redis counts the subscription first.
   */
  override async close(server: Parameters<IoAdapter['close']>[0]): Promise<void> {
    await this.watch((others) => others.some((c) => c.sub > 0), SUBSCRIBED_WITHIN_MS);
    await super.close(server);
  }

  /** Called by Nest after the Socket.IO server has closed, which told the streams adapter to stop. */
  override async dispose(): Promise<void> {
    await super.dispose();
    // The subscriber is gone at once; the reader after its current XREAD (at most READ_BLOCK_MS).
    await this.watch((others) => others.length === 0, CLOSED_WITHIN_MS);
    const client = this.client;
    this.client = null;
    if (client?.isOpen) await client.close().catch(() => (client.isOpen ? client.destroy() : undefined));
  }

  /**
   * Waits until `done` holds for this instance's other Socket.IO connections as Redis lists them, or `withinMs`
   * passed. Without Redis there is nothing to look at, and nothing to wait for.
   */
  private async watch(done: (others: { sub: number }[]) => boolean, withinMs: number): Promise<void> {
    const client = this.client;
    const deadline = Date.now() + withinMs;
    while (client?.isReady && Date.now() < deadline) {
      const [own, list] = await Promise.all([client.clientId(), client.clientList()]).catch(() => [0, null] as const);
      if (!list || done(list.filter((c) => c.name === this.name && c.id !== own))) return;
      await sleep(LOOK_EVERY_MS);
    }
  }
}
