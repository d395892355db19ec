import { VerifiedTokens } from './verified-tokens';

function tokensAt(startMs: number) {
  const tokens = new VerifiedTokens<{ sub: string; exp?: number }>();
  let now = startMs;
  tokens.now = () => now;
  return { tokens, advance: (ms: number) => (now += ms) };
}

describe('VerifiedTokens', () => {
  it('answers for the exact token string only', () => {
    const { tokens } = tokensAt(1_000_000);
    const claims = { sub: 'u1', exp: 2_000 };
    tokens.set('a.b.c', claims);
    expect(tokens.get('a.b.c')).toBe(claims);
    expect(tokens.get('a.b.d')).toBeUndefined();
  });

  it('stops answering when the token expires, as the signature check would', () => {
    const { tokens, advance } = tokensAt(1_999_000);
    tokens.set('t', { sub: 'u1', exp: 2_000 });
    advance(999);
    expect(tokens.get('t')).toEqual({ sub: 'u1', exp: 2_000 });
    advance(1);
    expect(tokens.get('t')).toBeUndefined();
  });

  it('keeps nothing for a token without an expiry', () => {
    const { tokens } = tokensAt(0);
    tokens.set('t', { sub: 'u1' });
    expect(tokens.get('t')).toBeUndefined();
  });
});
