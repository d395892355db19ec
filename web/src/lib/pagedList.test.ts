import { describe, expect, it, vi } from 'vitest';
import { atom, store } from './store';
import { loadNextPage, pageStateAtoms } from './pagedList';

describe('loadNextPage', () => {
  it('appends pages with the cursor until the last one, never doubling an item', async () => {
    const items = atom([{ _id: 'a' }, { _id: 'b' }]);
    const state = pageStateAtoms();
    store.set(state.next, 'c1');
    const fetchPage = vi.fn().mockResolvedValueOnce({ body: [{ _id: 'b' }, { _id: 'c' }], next: 'c2' }).mockResolvedValueOnce({ body: [{ _id: 'd' }], next: null });
    expect(await loadNextPage(state, items, fetchPage)).toBe(true);
    await loadNextPage(state, items, fetchPage);
    await loadNextPage(state, items, fetchPage);
    expect(fetchPage.mock.calls).toEqual([['c1'], ['c2']]);
    expect(store.get(items).map((x) => x._id)).toEqual(['a', 'b', 'c', 'd']);
    expect(store.get(state.next)).toBeNull();
  });

  it('keeps the cursor after a failure so the button can try again', async () => {
    const items = atom<{ _id: string }[]>([]);
    const state = pageStateAtoms();
    store.set(state.next, 'c1');
    expect(await loadNextPage(state, items, () => Promise.reject(new Error('offline')))).toBe(false);
    expect(store.get(state.next)).toBe('c1');
    expect(store.get(state.loadingMore)).toBe(false);
  });
});
