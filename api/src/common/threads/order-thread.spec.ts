import { join } from 'node:path';
import { OrderThread } from './order-thread';

const ENTRY = join(__dirname, '../../../test/utils/threads/arithmetic.worker.ts');

describe('OrderThread', () => {
  const errors: Error[] = [];
  let thread: OrderThread<number, number>;
  beforeEach(() => {
    thread = new OrderThread<number, number>(ENTRY, null, (err) => errors.push(err), 'stopped');
  });
  afterEach(() => thread.stop());

  it('answers each order, those made together included, with its own answer', async () => {
    await expect(Promise.all([thread.post(1), thread.post(2), thread.post(3)])).resolves.toEqual([2, 4, 6]);
  });

  it("rejects an order the thread failed, with the thread's message, and goes on with the others", async () => {
    const [bad, good] = await Promise.allSettled([thread.post(-1), thread.post(5)]);
    expect(bad).toEqual({ status: 'rejected', reason: new Error('-1 is negative') });
    expect(good).toEqual({ status: 'fulfilled', value: 10 });
  });

  it('fails what the thread held when it stopped, and starts a new thread for the next order', async () => {
    const held = thread.post(7);
    await expect(thread.post(0)).rejects.toThrow('stopped');
    await expect(held).rejects.toThrow('stopped');
    await expect(thread.post(4)).resolves.toBe(8);
    expect(errors).toEqual([]);
  });
});
