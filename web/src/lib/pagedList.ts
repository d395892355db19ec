import type { PrimitiveAtom } from 'jotai';
import { atom, store } from './store';
import type { Paged } from './api';
import { appendNew } from './collections';

/** Where a paged list stands (docs/paging.md): the next page's cursor (null after the last) and a load in flight. */
export interface PageState {
  next: PrimitiveAtom<string | null>;
  loadingMore: PrimitiveAtom<boolean>;
}

export const pageStateAtoms = (): PageState => ({ next: atom<string | null>(null), loadingMore: atom(false) });

export function resetPageState(state: PageState): void {
  store.set(state.next, null);
  store.set(state.loadingMore, false);
}

/**
 * "Load more": fetches the page after the loaded ones and appends what is new (an item that arrived live
 * meanwhile is not doubled). Does nothing after the last page or while a load is out. False on failure.
 */
export async function loadNextPage<T extends { _id: string }>(
  state: PageState,
  items: PrimitiveAtom<T[]>,
  fetchPage: (cursor: string) => Promise<Paged<T[]>>,
): Promise<boolean> {
  const cursor = store.get(state.next);
  if (!cursor || store.get(state.loadingMore)) return true;
  store.set(state.loadingMore, true);
  try {
    const page = await fetchPage(cursor);
    store.set(items, (list) => appendNew(list, page.body));
    store.set(state.next, page.next);
    return true;
  } catch {
    return false;
  } finally {
    store.set(state.loadingMore, false);
  }
}
