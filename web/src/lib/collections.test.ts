import { describe, expect, it } from 'vitest';
import { appendNew, removeById, upsertById } from './collections';

const a = { _id: 'a', v: 1 };
const b = { _id: 'b', v: 2 };

describe('upsertById / removeById', () => {
  it('adds a new item at the end, or the start when prepending', () => {
    expect(upsertById([a], b)).toEqual([a, b]);
    expect(upsertById([a], b, true)).toEqual([b, a]);
  });

  it('replaces an existing item in place, so applying an event twice changes nothing', () => {
    const updated = { _id: 'a', v: 9 };
    const once = upsertById([a, b], updated);
    expect(once).toEqual([updated, b]);
    expect(upsertById(once, updated)).toEqual(once);
  });

  it('removes by id and returns the same list when the id is absent', () => {
    const list = [a, b];
    expect(removeById(list, 'a')).toEqual([b]);
    expect(removeById(list, 'zzz')).toBe(list);
  });
});

describe('appendNew', () => {
  it('appends the next page after the loaded items, skipping any that arrived live meanwhile', () => {
    const c = { _id: 'c', v: 3 };
    expect(appendNew([a, b], [{ _id: 'b', v: 99 }, c])).toEqual([a, b, c]);
    const loaded = [a, b];
    expect(appendNew(loaded, [a])).toBe(loaded);
  });
});
