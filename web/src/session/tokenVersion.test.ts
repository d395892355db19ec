import { describe, expect, it } from 'vitest';
import { survivesRevocation, tokenVersionOf } from './tokenVersion';

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: object) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.signature`;

describe('tokenVersionOf', () => {
  it('reads the tv claim of a JWT', () => {
    expect(tokenVersionOf(jwt({ sub: 'u1', role: 'admin', tv: 3 }))).toBe(3);
  });

  it('handles base64url characters and missing padding', () => {
    // A name that encodes to '-' / '_' and needs padding.
    expect(tokenVersionOf(jwt({ sub: '~~~>>>???', tv: 12 }))).toBe(12);
  });

  it('gives null for anything it cannot read', () => {
    expect(tokenVersionOf(null)).toBeNull();
    expect(tokenVersionOf('not-a-jwt')).toBeNull();
    expect(tokenVersionOf('a.%%%.c')).toBeNull();
    expect(tokenVersionOf(jwt({ sub: 'u1' }))).toBeNull();
  });
});

describe('survivesRevocation', () => {
  it('keeps the session that already holds the new version, and nobody else', () => {
    expect(survivesRevocation(jwt({ tv: 2 }), 2)).toBe(true);
    expect(survivesRevocation(jwt({ tv: 1 }), 2)).toBe(false);
    expect(survivesRevocation('opaque', 2)).toBe(false);
  });
});
