import { Logger, type INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { createClient, type RedisClientType } from 'redis';
import type { ServerOptions } from 'socket.io';

/** The Redis stream (and pub/sub channel prefix) the instances share; named so another Socket.IO app's never mixes in. */
export const REDIS_STREAM = 'kpi:socket.io';

/** How long an idle stream read blocks in Redis before it is sent again. */
const READ_BLOCK_MS = 1_000;

/** Attempts at the first connection before start-up gives up with a clear error. */
const START_ATTEMPTS = 4;

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
 * Socket.IO through Redis (REDIS_URL, docs/scale-out.md): several api instances share rooms, so an event published
 * by one reaches sockets connected to any other. It uses the Redis *streams* adapter: an instance that loses Redis
 * for a moment resumes reading the stream where it stopped, where plain pub/sub would drop what was sent meanwhile.
 *
 * Lifecycle: `connect()` before the app listens (start-up fails with a clear message if Redis is unreachable); the
 * adapter and its two extra connections (the stream reader and the pub/sub subscriber, which the library duplicates
 * from our client) are created with the Socket.IO server; `dispose()`, which Nest calls on `app.close()` after
 * closing that server, closes every one of them.
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly logger = new Logger('Redis');
  private client: RedisClientType | null = null;
  /** The connections the streams adapter duplicated from `client`. */
  private readonly duplicates: { readonly isOpen: boolean; destroy(): void }[] = [];

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
    // The streams adapter duplicates this client for its stream reader and its subscriber, and disconnects them
    // itself when the Socket.IO server closes: keep them, to wait for that and close any it left, and make that
    // disconnect graceful (a destroy would reject whatever reply is still due, and nothing in the library awaits it).
    const duplicate = client.duplicate.bind(client);
    client.duplicate = ((...args: Parameters<typeof duplicate>) => {
      const copy = duplicate(...args);
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- the adapter calls `disconnect`, so that is the method to replace
      copy.disconnect = async () => {
        if (copy.isOpen) await copy.close().catch(() => undefined);
      };
      this.duplicates.push(copy);
      return copy;
    }) as typeof client.duplicate;

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

  /** Called by Nest after the Socket.IO server has closed, which told the streams adapter to stop. */
  override async dispose(): Promise<void> {
    await super.dispose();
    // The reader stops after its current XREAD (at most READ_BLOCK_MS); the subscriber closes at once.
    const deadline = Date.now() + READ_BLOCK_MS + 1_000;
    while (this.duplicates.some((c) => c.isOpen) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    for (const copy of this.duplicates.splice(0)) if (copy.isOpen) copy.destroy();
    const client = this.client;
    this.client = null;
    if (client?.isOpen) await client.close().catch(() => (client.isOpen ? client.destroy() : undefined));
  }
}
