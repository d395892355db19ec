import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { RedisClientType } from 'redis';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { closeRedis, connectRedis } from '../common/redis/redis-client';
import type { Disconnect } from './disconnects';
import type { RoutedEvent } from './live-order';

/** The Redis stream every node appends its commits' events to, and reads the other nodes' from. */
export const LIVE_STREAM = 'kpi:live';
/** Entries kept (about): far more than a node could fall behind by during a moment without Redis. */
const MAX_ENTRIES = 10_000;
/** How long an idle read blocks in Redis before it is sent again. */
const READ_BLOCK_MS = 1_000;
const READ_COUNT = 100;
/** The pause before reading again after a failed read (Redis lost: the client is reconnecting meanwhile). */
const RETRY_MS = 250;

/** What every node does on its own sockets for one commit: deliver its events, then close the sockets it ends. */
export interface RelayedCommit {
  events: RoutedEvent[];
  disconnects: Disconnect[];
}

interface Entry {
  id: string;
  message: { from?: string; commit?: string };
}

/**
 * With REDIS_URL, carries each commit's events and disconnects to every other node, which applies them to its own
 * sockets (event-publisher.ts, live-order.ts): in one entry, so on every node a revoked user's `session.revoked`
 * still goes out before their sockets close. A Redis *stream*, read from where this node stopped: a node that loses Redis for a moment reads
 * what it missed once it is back, and what it sends meanwhile waits in its client, so live events arrive late
 * rather than never. (Socket.IO's `serverSideEmit` would have carried them over pub/sub, which drops them; see
 * docs/scale-out.md.) Without Redis there is one node, and nothing to relay.
 */
@Injectable()
export class LiveRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('LiveRelay');
  private readonly node = randomUUID();
  private writer: RedisClientType | null = null;
  private reader: RedisClientType | null = null;
  private reading: Promise<void> | null = null;
  private stopping = false;
  private receiver: (commit: RelayedCommit) => void = () => undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Where the commits of the other nodes go. */
  listen(receiver: (commit: RelayedCommit) => void): void {
    this.receiver = receiver;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.redisUrl) return;
    this.writer = await connectRedis(this.config.redisUrl, 'Live events');
    this.reader = await connectRedis(this.config.redisUrl, 'Live events');
    // From the stream's last entry as the node starts, so nothing appended from then on is missed.
    const [last] = await this.writer.xRevRange(LIVE_STREAM, '+', '-', { COUNT: 1 });
    this.reading = this.read(this.reader, last?.id ?? '0-0');
  }

  /** Hands one commit to the other nodes. */
  send(commit: RelayedCommit): void {
    if (!this.writer || !(commit.events.length || commit.disconnects.length)) return;
    const entry = { from: this.node, commit: JSON.stringify(commit) };
    this.writer.xAdd(LIVE_STREAM, '*', entry, { TRIM: { strategy: 'MAXLEN', strategyModifier: '~', threshold: MAX_ENTRIES } }).catch((err: Error) => {
      // Only when the client gives up on the command: the other nodes fill the gap from the event log.
      this.logger.warn(`relaying ${commit.events.length} event(s) failed: ${err.message}`);
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    // The read in flight is ours and awaited: destroying its connection ends it at once, without a loose rejection.
    if (this.reader?.isOpen) this.reader.destroy();
    await this.reading;
    await closeRedis(this.writer);
    this.reader = this.writer = null;
  }

  private async read(reader: RedisClientType, from: string): Promise<void> {
    let offset = from;
    let failing = false;
    while (!this.stopping) {
      try {
        const reply = (await reader.xRead({ key: LIVE_STREAM, id: offset }, { BLOCK: READ_BLOCK_MS, COUNT: READ_COUNT })) as { messages: Entry[] }[] | null;
        failing = false;
        for (const entry of reply?.[0]?.messages ?? []) {
          offset = entry.id;
          this.receive(entry);
        }
      } catch (err) {
        if (this.stopping) break;
        if (!failing) this.logger.warn(`reading live events failed (${(err as Error).message}); retrying`);
        failing = true;
        await new Promise((r) => setTimeout(r, RETRY_MS));
      }
    }
  }

  private receive({ message }: Entry): void {
    if (message.from === this.node || !message.commit) return;
    try {
      this.receiver(JSON.parse(message.commit) as RelayedCommit);
    } catch (err) {
      this.logger.error(`delivering relayed events failed: ${(err as Error).message}`);
    }
  }
}
