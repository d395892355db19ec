import { inParallel } from './in-parallel';

const later = <T>(ms: number, value: T, log: string[]) => new Promise<T>((resolve) => setTimeout(() => (log.push(String(value)), resolve(value)), ms));

describe('inParallel', () => {
  it('answers every value in the order given', async () => {
    const log: string[] = [];
    await expect(inParallel([later(20, 'slow', log), later(1, 2, log)])).resolves.toEqual(['slow', 2]);
    // Both were under way at once: the quicker one finished first.
    expect(log).toEqual(['2', 'slow']);
  });

  it('fails only once every statement has finished, with the first failure', async () => {
    const log: string[] = [];
    const failing = Promise.reject(new Error('unique constraint'));
    const outcome = inParallel([failing, later(30, 'still running', log), Promise.reject(new Error('second'))]);
    await expect(outcome).rejects.toThrow('unique constraint');
    // The transaction rolls back after this: nothing of it may still be queued then.
    expect(log).toEqual(['still running']);
  });
});
