import { extname } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { OrderAnswer, Numbered } from './order-port';

/** Run from the TypeScript sources (the tests, `npm run dev`), a thread compiles its entry as the main thread does. */
const execArgvFor = (entry: string): string[] =>
  extname(entry) === '.ts' ? ['--require', require.resolve('ts-node/register/transpile-only')] : [];

interface Waiting<Answer> {
  resolve: (answer: Answer) => void;
  reject: (err: Error) => void;
}

/**
 * A worker thread that takes orders and answers each with a promise, so slow or CPU-heavy work (a webhook's POST, an
 * email's MIME) stays off the event loop that serves requests. Orders made in one turn of the event loop go over as
 * one message, one wake-up of the thread; its entry serves them with `serveOrders` (order-port.ts). Started on the
 * first order and again on the next one if it stops; the orders it held then fail with `stoppedError`.
 */
export class OrderThread<Order, Answer> {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting<Answer>>();
  private orders: Numbered<Order>[] = [];

  constructor(
    /** The entry file, beside its caller: `join(__dirname, \`name.worker${extname(__filename)}\`)`. */
    private readonly entry: string,
    private readonly workerData: unknown,
    private readonly onError: (err: Error) => void,
    private readonly stoppedError = 'the thread stopped',
  ) {}

  post(order: Order): Promise<Answer> {
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      if (this.orders.push({ id, order }) === 1) setImmediate(() => this.handOver());
    });
  }

  /** Ends the thread; orders still waiting fail (their callers' retries take them from there). */
  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private handOver(): void {
    const orders = this.orders;
    this.orders = [];
    (this.worker ?? this.start()).postMessage(orders);
  }

  private start(): Worker {
    const worker = new Worker(this.entry, { execArgv: execArgvFor(this.entry), workerData: this.workerData });
    // Its callers await what is in flight at shutdown; the thread alone keeps no process alive.
    worker.unref();
    worker.on('message', (answers: OrderAnswer<Answer>[]) => {
      for (const answer of answers) {
        const waiting = this.waiting.get(answer.id);
        this.waiting.delete(answer.id);
        if ('error' in answer) waiting?.reject(new Error(answer.error));
        else waiting?.resolve(answer.answer);
      }
    });
    worker.on('error', (err) => this.onError(err));
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
      for (const [id, { reject }] of this.waiting) {
        this.waiting.delete(id);
        reject(new Error(this.stoppedError));
      }
    });
    this.worker = worker;
    return worker;
  }
}
