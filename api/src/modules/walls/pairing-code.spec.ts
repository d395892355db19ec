import { PAIRING_CODE_ALPHABET } from '@kpi/contracts';
import { hashSecret, newPairingCode, newPairingSecret, secretMatches } from './pairing-code';

describe('pairing codes and secrets', () => {
  it('draws six characters of the alphabet, spread over all of it', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const code = newPairingCode();
      expect(code).toMatch(new RegExp(`^[${PAIRING_CODE_ALPHABET}]{6}$`));
      for (const c of code) seen.add(c);
    }
    expect(seen.size).toBe(PAIRING_CODE_ALPHABET.length);
  });

  it('matches a secret only against its own hash', () => {
    const secret = newPairingSecret();
    const hash = hashSecret(secret);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(secretMatches(hash, secret)).toBe(true);
    expect(secretMatches(hash, `${secret}x`)).toBe(false);
    expect(secretMatches(hash, newPairingSecret())).toBe(false);
    expect(secretMatches(hash, '')).toBe(false);
  });
});
