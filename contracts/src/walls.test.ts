import { claimWallSchema, formatPairingCode, normalizePairingCode, PAIRING_CODE_ALPHABET, pairingStatusSchema, wallBoardSchema } from './walls';

describe('pairing codes', () => {
  it('leaves out characters people confuse across a room', () => {
    for (const c of ['0', 'O', '1', 'I', 'L']) expect(PAIRING_CODE_ALPHABET).not.toContain(c);
    expect(new Set(PAIRING_CODE_ALPHABET).size).toBe(PAIRING_CODE_ALPHABET.length);
  });

  it.each([
    ['ABC234', 'ABC234'],
    ['abc-234', 'ABC234'],
    [' abc 234 ', 'ABC234'],
    ['a.b_c-2 3\t4', 'ABC234'],
  ])('normalises %j to %j', (typed, code) => {
    expect(normalizePairingCode(typed)).toBe(code);
  });

  it('shows six characters as two groups of three', () => {
    expect(formatPairingCode('ABC234')).toBe('ABC-234');
    expect(formatPairingCode('ABC')).toBe('ABC');
  });

  it('accepts a code as typed, and refuses one that cannot be a code', () => {
    expect(claimWallSchema.parse({ code: 'abc-234', name: ' Lobby ' })).toEqual({ code: 'ABC234', name: 'Lobby' });
    for (const code of ['', 'ABC23', 'ABC2345', 'OIL000']) expect(claimWallSchema.safeParse({ code }).success).toBe(false);
  });
});

describe('wall responses', () => {
  it('tells the three pairing states apart', () => {
    expect(pairingStatusSchema.parse({ status: 'expired' })).toEqual({ status: 'expired' });
    expect(pairingStatusSchema.safeParse({ status: 'paired', display: { _id: 'd', name: 'n' }, company: { name: 'c' } }).success).toBe(false);
    expect(pairingStatusSchema.safeParse({ status: 'pending', expiresAt: 'soon' }).success).toBe(false);
  });

  it('refuses a board without its lists', () => {
    const board = {
      company: { name: 'Acme' },
      display: { _id: 'd', name: 'Lobby' },
      period: { year: 2026, month: 11 },
      periodEndsAt: '2026-12-01T00:00:00.000Z',
      top10: [],
      totalExecutives: 0,
      announcements: [],
    };
    expect(wallBoardSchema.parse(board)).toEqual(board);
    expect(wallBoardSchema.safeParse({ ...board, top10: undefined }).success).toBe(false);
    expect(wallBoardSchema.safeParse({ ...board, top10: [null] }).success).toBe(false);
  });
});
