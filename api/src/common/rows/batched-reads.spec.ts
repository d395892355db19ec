import { batchedReads } from './batched-reads';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('batchedReads', () => {
  it('reads the keys asked for in the same turn with one load, and answers each its own value', async () => {
    const loads: string[][] = [];
    const read = batchedReads<string, number>(async (keys) => (loads.push(keys), new Map(keys.filter((k) => k !== 'gone').map((k) => [k, k.length]))));
    const answers = await Promise.all([read('a'), read('bbb'), read('a'), read('gone')]);
    expect(answers).toEqual([1, 3, 1, undefined]);
    expect(loads).toEqual([['a', 'bbb', 'gone']]);
  });

  it('never hands a key to a load that started before it was asked for', async () => {
    const loads: string[][] = [];
    let finish!: () => void;
    const read = batchedReads<string, string>((keys) => {
      loads.push(keys);
      return new Promise((resolve) => (finish = () => resolve(new Map(keys.map((k) => [k, `${k}@${loads.length}`])))));
    });
    const first = read('x');
    await turn(); // the first load is running now
    const second = read('x');
    finish();
    expect(await first).toBe('x@1');
    await turn();
    finish();
    expect(await second).toBe('x@2');
    expect(loads).toEqual([['x'], ['x']]);
  });

  it('starts a full batch at once and rejects every waiter of a failed load', async () => {
    const loads: number[][] = [];
    const read = batchedReads<number, number>(async (keys) => {
      loads.push(keys);
      if (keys.includes(3)) throw new Error('database gone');
      return new Map(keys.map((k) => [k, k]));
    }, 2);
    const answers = await Promise.allSettled([read(1), read(2), read(3)]);
    expect(loads).toEqual([[1, 2], [3]]);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
  });
});
