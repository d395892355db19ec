import { hashLinkToken, isLinkTokenShaped, linkState, newLinkToken } from './link-tokens';

describe('password link tokens', () => {
  it('are random, URL-safe, and stored only as a hash', () => {
    const a = newLinkToken();
    const b = newLinkToken();
    expect(a).not.toBe(b);
    expect(isLinkTokenShaped(a)).toBe(true);
    expect(hashLinkToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashLinkToken(a)).not.toContain(a);
  });

  it('refuse shapes a link never has', () => {
    for (const bad of ['', 'short', `${newLinkToken()}x`, '../../etc/passwd-0000000000000000000000000000']) expect(isLinkTokenShaped(bad)).toBe(false);
  });

  it('say why a link cannot be used: used wins over withdrawn and expired', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const later = new Date('2026-11-28T12:00:00Z');
    const earlier = new Date('2026-11-26T12:00:00Z');
    expect(linkState({ usedAt: null, revokedAt: null, expiresAt: later }, now)).toBe('usable');
    expect(linkState({ usedAt: null, revokedAt: null, expiresAt: earlier }, now)).toBe('expired');
    expect(linkState({ usedAt: null, revokedAt: earlier, expiresAt: later }, now)).toBe('revoked');
    expect(linkState({ usedAt: earlier, revokedAt: null, expiresAt: earlier }, now)).toBe('used');
  });
});
