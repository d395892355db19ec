import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import type { PostOutcome } from './safe-post';
import type { SendAnswer, SendOrder, SendThreadData } from './send-order';

const ENTRY = join(__dirname, `send.worker${extname(__filename)}`);
/** Run from the TypeScript sources (the tests, `npm run dev`), the thread compiles its entry as the main thread does. */
const EXEC_ARGV = extname(__filename) === '.ts' ? ['--require', require.resolve('ts-node/register/transpile-only')] : [];

interface Waiting {
  resolve: (outcomes: (PostOutcome | null)[]) => void;
  sentAt: Date;
}

/**
 * Sends deliveries from a thread of their own (send.worker.ts): opening the secrets, signing, the guarded lookup
 * and the whole HTTP exchange run there, an endpoint's next few events to an order, and the event loop that serves
 * requests only hands orders over and takes outcomes back (docs/webhooks.md). Started on the first order; started
 * again on the next one if it stops, and the orders it held are answered as failed sends (the retry schedule takes
 * them from there).
 */
@Injectable()
export class SendThread implements OnApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  /** Orders made in this turn of the event loop: handed over together, one message (one wake-up of the thread). */
  private orders: SendOrder[] = [];

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Sends an order's deliveries in order (send-order.ts); resolves with what came of those it went through. */
  post(order: Omit<SendOrder, 'id'>): Promise<(PostOutcome | null)[]> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, { resolve, sentAt: new Date() });
      if (this.orders.push({ ...order, id }) === 1) setImmediate(() => this.handOver());
    });
  }

  private handOver(): void {
    const orders = this.orders;
    this.orders = [];
    (this.worker ?? this.start()).postMessage(orders);
  }

  /** After every module's destroy hook: the dispatcher has seen its sends in flight through by then. */
  async onApplicationShutdown(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    const worker = new Worker(ENTRY, { execArgv: EXEC_ARGV, workerData: { serverSecret: this.config.jwtSecret } satisfies SendThreadData });
    // Sends in flight are awaited by the dispatcher at shutdown; the thread alone keeps no process alive.
    worker.unref();
    worker.on('message', (answers: SendAnswer[]) => {
      for (const { id, outcomes } of answers) {
        const waiting = this.waiting.get(id);
        this.waiting.delete(id);
        waiting?.resolve(outcomes);
      }
    });
    worker.on('error', (err) => this.logger.error(`the webhook sending thread failed: ${err.message}`));
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
      for (const [id, { resolve, sentAt }] of this.waiting) {
        this.waiting.delete(id);
        resolve([{ sentAt, statusCode: null, response: '', error: 'Not sent: the sending thread stopped', durationMs: 0 }]);
      }
    });
    this.worker = worker;
    return worker;
  }
}
