import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  it('doubles from 1 s and stops growing at the maximum', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((n) => backoffDelay(n, 0.5))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  });

  it('spreads clients by ±50 %, so a restart does not bring them all back at once', () => {
    expect(backoffDelay(1, 0)).toBe(1000);
    expect(backoffDelay(1, 0.999)).toBe(2998);
    const delays = new Set(Array.from({ length: 50 }, (_, i) => backoffDelay(3, i / 50)));
    expect(delays.size).toBe(50);
  });
});
