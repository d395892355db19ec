import { beforeAll, describe, expect, it, vi } from 'vitest';
import { store } from './store';
import type { Paged } from './api';
import { removeById, upsertById } from './collections';
import { loadable, pagedLoadable } from './loadable';

type Item = { _id: string; title?: string };

/** A fetch the test answers by hand, so events can land while it is in flight. */
function pending<T>() {
  let answer!: (value: T) => void;
  let refuse!: (error: unknown) => void;
  const promise = new Promise<T>((resolve, reject) => {
    answer = resolve;
    refuse = reject;
  });
  return { fetch: () => promise, answer, refuse };
}

// The loads here log their failures (notify: 'log'); the log itself is not under test.
beforeAll(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));

const ids = (list: Item[]) => list.map((x) => x._id);

describe('pagedLoadable: live changes during a load', () => {
  it('keeps an item upserted by an event while the load was in flight, though the answer lacks it', async () => {
    const list = pagedLoadable<Item>({ failure: 'Failed', notify: 'log' });
    const call = pending<Paged<Item[]>>();
    const loading = list.load(call.fetch);
    store.set(list.value, (items) => upsertById(items, { _id: 'live' }, true));
    call.answer({ body: [{ _id: 'a' }, { _id: 'b' }], next: 'c1' });
    expect(await loading).toBe(true);
    expect(ids(store.get(list.value))).toEqual(['live', 'a', 'b']);
    expect(store.get(list.page.next)).toBe('c1');
    expect(store.get(list.status)).toBe('ready');
  });

  it('does not bring back an item deleted by an event while the load was in flight', async () => {
    const list = pagedLoadable<Item>({ failure: 'Failed', notify: 'log' });
    store.set(list.value, [{ _id: 'a' }, { _id: 'gone' }]);
    const call = pending<Item[]>();
    const loading = list.load(call.fetch, { quiet: true });
    store.set(list.value, (items) => removeById(items, 'gone'));
    call.answer([{ _id: 'a' }, { _id: 'gone' }]);
    await loading;
    expect(ids(store.get(list.value))).toEqual(['a']);
  });

  it('does not replay changes made before the load began, nor after it ended', async () => {
    const list = pagedLoadable<Item>({ failure: 'Failed', notify: 'log' });
    store.set(list.value, (items) => upsertById(items, { _id: 'before' }));
    const first = pending<Item[]>();
    const loading = list.load(first.fetch);
    first.answer([{ _id: 'a' }]);
    await loading;
    expect(ids(store.get(list.value))).toEqual(['a']);
    store.set(list.value, (items) => removeById(items, 'a'));
    const second = pending<Item[]>();
    const reloading = list.load(second.fetch);
    second.answer([{ _id: 'a' }, { _id: 'b' }]);
    await reloading;
    expect(ids(store.get(list.value))).toEqual(['a', 'b']);
  });

  it('lets only the latest of overlapping loads write, with the events of its time', async () => {
    const list = pagedLoadable<Item>({ failure: 'Failed', notify: 'log' });
    const older = pending<Item[]>();
    const newer = pending<Item[]>();
    const loadingOlder = list.load(older.fetch);
    const loadingNewer = list.load(newer.fetch);
    store.set(list.value, (items) => upsertById(items, { _id: 'live' }));
    newer.answer([{ _id: 'new' }]);
    older.answer([{ _id: 'old' }]);
    expect(await loadingNewer).toBe(true);
    expect(await loadingOlder).toBe(false);
    expect(ids(store.get(list.value))).toEqual(['new', 'live']);
  });

  it('applies a deletion made during "Load more" to the page it brings', async () => {
    const list = pagedLoadable<Item>({ failure: 'Failed', notify: 'log' });
    await list.load(async () => ({ body: [{ _id: 'a' }], next: 'c1' }));
    const call = pending<Paged<Item[]>>();
    const more = list.loadMore(call.fetch);
    store.set(list.value, (items) => removeById(items, 'b'));
    call.answer({ body: [{ _id: 'b' }, { _id: 'c' }], next: null });
    await more;
    expect(ids(store.get(list.value))).toEqual(['a', 'c']);
    expect(store.get(list.page.next)).toBeNull();
  });
});

describe('loadable: status and failures', () => {
  it('keeps a ready value when a quiet reload fails, and shows the error when the first load fails', async () => {
    const stats = loadable<number | null>(null, { failure: 'Failed to fetch', notify: 'log' });
    await stats.load(() => Promise.reject(new Error('down')));
    expect(store.get(stats.status)).toBe('error');
    expect(store.get(stats.error)).toBe('Failed to fetch');
    await stats.load(async () => 7);
    await stats.load(() => Promise.reject(new Error('down')), { quiet: true });
    expect(store.get(stats.value)).toBe(7);
    expect(store.get(stats.status)).toBe('ready');
  });

  it('clears the value on a failed load when asked to (boards)', async () => {
    const board = loadable<number | null>(null, { failure: 'Failed', notify: 'log', clearOnError: true });
    await board.load(async () => 3);
    await board.load(() => Promise.reject(new Error('down')));
    expect(store.get(board.value)).toBeNull();
    expect(store.get(board.status)).toBe('error');
  });

  it('drops an answer superseded by a value written meanwhile', async () => {
    const board = loadable<string | null>(null, { failure: 'Failed', notify: 'log' });
    const call = pending<string>();
    const loading = board.load(call.fetch);
    board.supersede();
    store.set(board.value, 'from the event');
    call.answer('older answer');
    expect(await loading).toBe(false);
    expect(store.get(board.value)).toBe('from the event');
  });

  it('forgets everything at reset, and an answer landing after it is dropped', async () => {
    const list = pagedLoadable<Item>({ failure: 'Failed', notify: 'log' });
    const call = pending<Item[]>();
    const loading = list.load(call.fetch);
    list.reset();
    call.answer([{ _id: 'a' }]);
    await loading;
    expect(store.get(list.value)).toEqual([]);
    expect(store.get(list.status)).toBe('idle');
  });
});
