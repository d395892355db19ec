import { randomUUID } from 'node:crypto';
import { MemoryLimiterStore, RedisLimiterStore, type LimiterStore } from './limiter-store';

/** The same contract for both stores; the Redis one runs where REDIS_URL is set (CI, the project's machines). */
const redisUrl = process.env.REDIS_URL;
const cases: [string, () => Promise<[LimiterStore, LimiterStore]>][] = [['memory', async () => { const s = new MemoryLimiterStore(); return [s, s]; }]];
if (redisUrl) {
  cases.push([
    'redis (two instances sharing counters)',
    async () => {
      const prefix = `kpi:test:${randomUUID()}:`;
      return [await new RedisLimiterStore(redisUrl, prefix).connect(), await new RedisLimiterStore(redisUrl, prefix).connect()];
    },
  ]);
}

describe.each(cases)('the %s limiter store', (_name, make) => {
  let a: LimiterStore;
  let b: LimiterStore;
  beforeAll(async () => ([a, b] = await make()));
  afterAll(async () => {
    await a.close();
    if (b !== a) await b.close();
  });

  it('counts hits in a window, seen by every instance', async () => {
    expect((await a.hit('k1', 60_000)).count).toBe(1);
    expect((await b.hit('k1', 60_000)).count).toBe(2);
    const third = await a.hit('k1', 60_000);
    expect(third.count).toBe(3);
    expect(third.resetInMs).toBeGreaterThan(0);
    expect(third.resetInMs).toBeLessThanOrEqual(60_000);
    expect(await b.peek('k1')).toBe(3);
  });

  it('keeps keys apart and resets one', async () => {
    await a.hit('k2', 60_000);
    expect(await b.peek('k3')).toBe(0);
    await b.reset('k2');
    expect(await a.peek('k2')).toBe(0);
  });

  it('takes back a hit, never below zero', async () => {
    await a.hit('k5', 60_000);
    await a.hit('k5', 60_000);
    await b.unhit('k5');
    expect(await a.peek('k5')).toBe(1);
    await b.unhit('k5');
    await b.unhit('k5');
    expect(await a.peek('k5')).toBe(0);
    expect((await a.hit('k5', 60_000)).count).toBe(1);
  });

  it('starts a new window after the old one ends', async () => {
    await a.hit('k4', 50);
    await a.hit('k4', 50);
    await new Promise((r) => setTimeout(r, 120));
    expect((await b.hit('k4', 50)).count).toBe(1);
  });
});

it('an unreachable Redis stops start-up with a message, instead of hanging it', async () => {
  await expect(new RedisLimiterStore('redis://127.0.0.1:1').connect()).rejects.toThrow(/^Rate limits: Redis is unreachable/);
});
