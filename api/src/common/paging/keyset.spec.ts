import { after, afterSql, orderOf, orderSql } from './keyset';

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

describe('keyset afterSql()', () => {
  it('writes the same comparison as plain SQL with its parameters in order', () => {
    expect(afterSql([{ column: 't.created_at', dir: 'desc' }, { column: 't.id', dir: 'asc' }], [5, 'b'])).toEqual({
      sql: '(t.created_at < ? or (t.created_at = ? and t.id > ?))',
      params: [5, 5, 'b'],
    });
    expect(orderSql([{ column: 't.created_at', dir: 'desc' }, { column: 't.id', dir: 'asc' }])).toBe('t.created_at desc, t.id asc');
  });
});
