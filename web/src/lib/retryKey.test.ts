import { describe, expect, it } from 'vitest';
import { newRequestKey, retryKeyFor } from './retryKey';

describe('idempotency keys for retried requests', () => {
  it('are 32 hex characters and differ every time', () => {
    const a = newRequestKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newRequestKey()).not.toBe(a);
  });

  it('repeat only for the very same body, so a corrected retry is a new request', () => {
    const first = retryKeyFor(null, { qualityScore: 8, initiativeScore: 7 });
    expect(retryKeyFor(first, { qualityScore: 8, initiativeScore: 7 }).key).toBe(first.key);
    expect(retryKeyFor(first, { qualityScore: 9, initiativeScore: 7 }).key).not.toBe(first.key);
  });
});
