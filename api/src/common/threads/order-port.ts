import { parentPort } from 'node:worker_threads';

/** An order as it crosses to the thread: numbered, so its answer finds its caller. */
export interface Numbered<Order> {
  id: number;
  order: Order;
}

/** What the thread says of an order: its answer, or why it failed. */
export type OrderAnswer<Answer> = { id: number; answer: Answer } | { id: number; error: string };

/**
 * The thread's side of an OrderThread (order-thread.ts): runs `handle` for each order as it comes, and hands the
 * answers known in one turn of its event loop back together, one message.
 */
export function serveOrders<Order, Answer>(handle: (order: Order) => Promise<Answer>): void {
  const port = parentPort;
  if (!port) throw new Error('serveOrders runs in a worker thread');
  let answers: OrderAnswer<Answer>[] = [];
  const answer = (reply: OrderAnswer<Answer>): void => {
    if (answers.push(reply) > 1) return;
    setImmediate(() => {
      port.postMessage(answers);
      answers = [];
    });
  };
  port.on('message', (orders: Numbered<Order>[]) => {
    for (const { id, order } of orders) {
      handle(order).then(
        (result) => answer({ id, answer: result }),
        (err: Error) => answer({ id, error: err?.message ?? String(err) }),
      );
    }
  });
}
