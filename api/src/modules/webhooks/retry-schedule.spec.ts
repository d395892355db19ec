import { afterFailure, DEFAULT_RETRY_DELAYS_S, retryAfterMs } from './retry-schedule';

const now = new Date('2026-11-27T12:00:00Z');
const failing = (failures: number, extra: Partial<Parameters<typeof afterFailure>[0]> = {}) =>
  afterFailure({ failures, failingSince: now, statusCode: 500, ...extra }, DEFAULT_RETRY_DELAYS_S, now, 0.5);

describe('afterFailure', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7].map((n) => ((failing(n) as { retryAt: Date }).retryAt.getTime() - now.getTime()) / 1000);
    expect(waits).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
  });

  it('spreads each wait by at most a fifth either way', () => {
    const low = afterFailure({ failures: 2, failingSince: now, statusCode: 500 }, DEFAULT_RETRY_DELAYS_S, now, 0);
    const high = afterFailure({ failures: 2, failingSince: now, statusCode: 500 }, DEFAULT_RETRY_DELAYS_S, now, 1);
    expect((low as { retryAt: Date }).retryAt.getTime() - now.getTime()).toBe(240_000);
    expect((high as { retryAt: Date }).retryAt.getTime() - now.getTime()).toBe(360_000);
  });

  it('pauses after the last try', () => {
    expect(failing(8)).toEqual({ pause: 'Delivery failed 8 times in a row' });
  });

  it('pauses at once on 410 Gone', () => {
    expect(failing(1, { statusCode: 410 })).toEqual({ pause: 'The endpoint answered 410 Gone' });
  });

  it('pauses after 3 days of failures even with tries left', () => {
    const since = new Date(now.getTime() - 3 * 24 * 3_600_000);
    expect(failing(2, { failingSince: since })).toEqual({ pause: 'Deliveries have failed for 3 days' });
  });

  it('honours a longer Retry-After, never a shorter one', () => {
    const asked = failing(1, { statusCode: 429, retryAfter: '120' }) as { retryAt: Date };
    expect(asked.retryAt.getTime() - now.getTime()).toBe(120_000);
    const shorter = failing(2, { statusCode: 429, retryAfter: '1' }) as { retryAt: Date };
    expect(shorter.retryAt.getTime() - now.getTime()).toBe(300_000);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and ignores nonsense', () => {
    expect(retryAfterMs('30', now)).toBe(30_000);
    expect(retryAfterMs('Fri, 27 Nov 2026 12:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
  });
});
