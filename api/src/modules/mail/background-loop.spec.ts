import { BackgroundLoop } from './background-loop';

/** A promise that resolves when the fake clock has moved `ms` on. */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('BackgroundLoop', () => {
  const loops: BackgroundLoop[] = [];
  beforeEach(() => jest.useFakeTimers());
  afterEach(async () => {
    const stopping = Promise.all(loops.splice(0).map((loop) => loop.stop()));
    await jest.runOnlyPendingTimersAsync();
    await stopping;
    jest.useRealTimers();
  });

  const loopOf = (settleMs: number, work: () => Promise<boolean>) => {
    const loop = new BackgroundLoop('test', 60_000, work, settleMs);
    loops.push(loop);
    return loop;
  };

  it('gathers the wakes of a busy moment into one run after the settle time', async () => {
    let runs = 0;
    const loop = loopOf(200, async () => {
      runs++;
      return false;
    });
    loop.start();
    for (let i = 0; i < 5; i++) loop.wake();
    await jest.advanceTimersByTimeAsync(199);
    expect(runs).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(1);
  });

  it('runs once more, settled, for the wakes that came during a run', async () => {
    const started: number[] = [];
    const loop = loopOf(200, async () => {
      started.push(Date.now());
      await sleep(100);
      return false;
    });
    loop.start();
    await jest.advanceTimersByTimeAsync(250);
    loop.wake();
    loop.wake();
    await jest.advanceTimersByTimeAsync(1_000);
    // The second run waited for the first to end (at 300 ms), then for the settle time.
    expect(started.map((at) => at - started[0])).toEqual([0, 300]);
  });

  it('runs again at once while the work says more is waiting', async () => {
    let left = 3;
    const loop = loopOf(200, async () => --left > 0);
    loop.start();
    await jest.advanceTimersByTimeAsync(200);
    expect(left).toBe(0);
  });
});
