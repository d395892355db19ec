import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { extname, join } from 'node:path';
import { OrderThread } from '../../common/threads/order-thread';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import type { PostOutcome } from './safe-post';
import type { SendOrder, SendThreadData } from './send-order';

/**
 * Sends deliveries from a thread of their own (send.worker.ts): opening the secrets, signing, the guarded lookup
 * and the whole HTTP exchange run there, an endpoint's next few events to an order, and the event loop that serves
 * requests only hands orders over and takes outcomes back (docs/webhooks.md). Orders the thread held when it
 * stopped are answered as failed sends (the retry schedule takes them from there).
 */
@Injectable()
export class SendThread implements OnApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private readonly thread: OrderThread<SendOrder, (PostOutcome | null)[]>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.thread = new OrderThread(
      join(__dirname, `send.worker${extname(__filename)}`),
      { serverSecret: config.jwtSecret } satisfies SendThreadData,
      (err) => this.logger.error(`the webhook sending thread failed: ${err.message}`),
      'Not sent: the sending thread stopped',
    );
  }

  /** Sends an order's deliveries in order (send-order.ts); resolves with what came of those it went through. */
  post(order: SendOrder): Promise<(PostOutcome | null)[]> {
    const sentAt = new Date();
    return this.thread.post(order).catch((err: Error) => [{ sentAt, statusCode: null, response: '', error: err.message, durationMs: 0 }]);
  }

  /** After every module's destroy hook: the dispatcher has seen its sends in flight through by then. */
  onApplicationShutdown(): Promise<void> {
    return this.thread.stop();
  }
}
