import { serveOrders } from '../../../src/common/threads/order-port';

/** A thread for order-thread.spec.ts: doubles a number, refuses a negative one, and exits on zero. */
serveOrders(async (n: number) => {
  if (n === 0) process.exit(0);
  if (n < 0) throw new Error(`${n} is negative`);
  await new Promise((resolve) => setTimeout(resolve, 5));
  return n * 2;
});
