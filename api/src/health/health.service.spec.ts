import type { AppConfig } from '../config/env';
import { probe } from './health.service';
import { RedisProbe } from './redis-probe';

describe('health probes', () => {
  it('report up, or down with the reason, and give up on a check that hangs', async () => {
    expect(await probe(async () => 1)).toEqual({ status: 'up' });
    expect(await probe(async () => Promise.reject(new Error('connection refused')))).toEqual({ status: 'down', error: 'connection refused' });
    expect(await probe(() => new Promise(() => undefined), 50)).toEqual({ status: 'down', error: 'no answer within 50 ms' });
  });

  it('find a Redis that does not answer down, without throwing or hanging', async () => {
    // Port 1 on the loopback: nothing listens there, so the connection is refused at once.
    const redis = new RedisProbe({ redisUrl: 'redis://127.0.0.1:1' } as AppConfig);
    try {
      // A generous limit: the answer must come from the probe finding the refusal, not from the race timing out.
      const result = await probe(() => redis.ping(), 20_000);
      expect(result.status).toBe('down');
      expect(result.error).toMatch(/^Redis is not connected: .*ECONNREFUSED/);
    } finally {
      await redis.onModuleDestroy();
    }
  });
});
