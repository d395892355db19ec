import { givesUp, MAX_ATTEMPTS, retryDelay } from './mail-retry.rules';

describe('mail retries', () => {
  it('wait twice as long after each failure, up to 15 minutes', () => {
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelay(30)).toBe(15 * 60_000);
  });
  it('give up after the last attempt only', () => {
    expect(givesUp(MAX_ATTEMPTS - 1)).toBe(false);
    expect(givesUp(MAX_ATTEMPTS)).toBe(true);
  });
});
