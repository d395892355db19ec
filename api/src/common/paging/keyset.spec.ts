import { after, orderOf } from './keyset';

describe('keyset after()', () => {
  it('compares column by column, each tie falling through to the next key', () => {
    expect(after([{ prop: 'createdAt', dir: 'desc' }, { prop: 'id', dir: 'asc' }], [5, 'b'])).toEqual({
      $or: [{ createdAt: { $lt: 5 } }, { createdAt: 5, id: { $gt: 'b' } }],
    });
  });

  it('handles three keys', () => {
    const keys = [{ prop: 'isPinned', dir: 'desc' }, { prop: 'createdAt', dir: 'desc' }, { prop: 'id', dir: 'asc' }] as const;
    expect(after(keys, [true, 7, 'x']).$or).toEqual([{ isPinned: { $lt: true } }, { isPinned: true, createdAt: { $lt: 7 } }, { isPinned: true, createdAt: 7, id: { $gt: 'x' } }]);
    expect(orderOf(keys)).toEqual([{ isPinned: 'desc' }, { createdAt: 'desc' }, { id: 'asc' }]);
  });
});
