import type { PrimitiveAtom, SetStateAction } from 'jotai';
import toast from 'react-hot-toast';
import { atom, onSessionReset, store } from './store';
import { isUnauthorized, type Paged } from './api';
import { appendNew, removeById, upsertById } from './collections';
import type { LoadStatus } from './loadStatus';
import { pageStateAtoms, resetPageState, type PageState } from './pagedList';

/** How a feature's load reports a failure. The texts are docs/product.md#toasts. */
export interface LoadableOptions {
  /** The failure text ('Failed to fetch admins'): the toast, and the error atom for error views. */
  failure: string;
  /** The text for one error, when it can say more than `failure` (a server message). */
  describe?: (error: unknown) => string;
  /** One toast id, so a load retried while its failure toast still shows does not stack a second one. */
  toastId?: string;
  /** 'log': the failure is only logged (docs/product.md#toasts: no toast for it). */
  notify?: 'toast' | 'log';
  /** A failed load empties what is shown (boards), unless a quiet reload fails over a ready value. */
  clearOnError?: boolean;
  /**
   * Re-apply writes made while a load is in flight to its answer (lists, whose writes are upserts and
   * removals). Off for whole values, whose writes belong to the value they were made from.
   */
  replayLiveChanges?: boolean;
}

/**
 * `quiet` (live refresh, resync): keep what is shown, no spinner and no toast. `keep`: keep what is shown (no
 * spinner over a ready value) but report a failure as usual.
 */
export interface LoadOptions {
  quiet?: boolean;
  keep?: boolean;
}

type Change<T> = (value: T) => T;

/**
 * A fetched value with its status and error, forgotten at sign-out. Only the latest load may write its
 * answer. With `replayLiveChanges`, writes to `value` made while a load is in flight (live events, the
 * user's own edits) are re-applied on top of that load's answer, which the server may have produced before
 * them: an event is never lost to a slower response.
 */
export interface Loadable<T> {
  value: PrimitiveAtom<T>;
  status: PrimitiveAtom<LoadStatus>;
  error: PrimitiveAtom<string | null>;
  /** Resolves true when the answer was taken. `taken` runs in the same step as the answer is written. */
  load(fetch: () => Promise<T>, options?: LoadOptions, taken?: () => void): Promise<boolean>;
  /** Shows a failure found without asking the server (e.g. no company): empty value, the message, 'error'. */
  fail(message: string): void;
  /** An answer out now must not land: a newer value was written (e.g. from an event carrying the whole of it). */
  supersede(): void;
  /** Runs `fetch` with the changes made to the value meanwhile re-applied to its answer (a page of more). */
  withLiveChanges<R>(fetch: () => Promise<R>, replay: (answer: R, apply: (value: T) => T) => void): Promise<void>;
  reset(): void;
}

export function loadable<T>(initial: T, options: LoadableOptions): Loadable<T> {
  const { failure, describe = () => failure, toastId, notify = 'toast', clearOnError = false, replayLiveChanges = false } = options;
  const base = atom(initial);
  const status = atom<LoadStatus>('idle');
  const error = atom<string | null>(null);
  let ticket = 0;

  // The changes written since the oldest load still in flight began; `journalStart` numbers the first one.
  let inFlight = 0;
  let journal: Change<T>[] = [];
  let journalStart = 0;
  const begin = () => {
    inFlight++;
    return journalStart + journal.length;
  };
  const end = () => {
    if (--inFlight > 0) return;
    journalStart += journal.length;
    journal = [];
  };
  const replaySince = (mark: number) => (answer: T) => journal.slice(mark - journalStart).reduce((value, change) => change(value), answer);

  const value = atom(
    (get) => get(base),
    (get, set, update: SetStateAction<T>) => {
      const change: Change<T> = typeof update === 'function' ? (update as Change<T>) : () => update;
      if (inFlight > 0 && replayLiveChanges) journal.push(change);
      set(base, change(get(base)));
    },
  );

  function report(cause: unknown, quiet: boolean): void {
    const ready = store.get(status) === 'ready';
    if (clearOnError ? !(quiet && ready) : !ready) {
      if (clearOnError) store.set(base, initial);
      store.set(error, describe(cause));
      store.set(status, 'error');
    }
    if (notify === 'log') console.error(failure, cause);
    else if (!quiet && !isUnauthorized(cause)) toast.error(describe(cause), toastId ? { id: toastId } : undefined);
  }

  async function load(fetch: () => Promise<T>, { quiet = false, keep = quiet }: LoadOptions = {}, taken?: () => void): Promise<boolean> {
    const mine = ++ticket;
    if (!keep || store.get(status) !== 'ready') store.set(status, 'loading');
    const mark = begin();
    try {
      const answer = await fetch();
      if (mine !== ticket) return false;
      store.set(base, replaySince(mark)(answer));
      taken?.();
      store.set(error, null);
      store.set(status, 'ready');
      return true;
    } catch (cause) {
      if (mine === ticket) report(cause, quiet);
      return false;
    } finally {
      end();
    }
  }

  async function withLiveChanges<R>(fetch: () => Promise<R>, replay: (answer: R, apply: (value: T) => T) => void): Promise<void> {
    const mark = begin();
    try {
      replay(await fetch(), replaySince(mark));
    } finally {
      end();
    }
  }

  function reset(): void {
    ticket++;
    store.set(base, initial);
    store.set(status, 'idle');
    store.set(error, null);
  }

  function fail(message: string): void {
    ticket++;
    store.set(base, initial);
    store.set(error, message);
    store.set(status, 'error');
  }

  onSessionReset(reset);
  return { value, status, error, load, fail, supersede: () => void ticket++, withLiveChanges, reset };
}

/** A paged list (docs/paging.md) on top of `loadable`: the first page replaces the list, "Load more" appends. */
export interface PagedLoadable<T extends { _id: string }> extends Omit<Loadable<T[]>, 'load'> {
  page: PageState;
  /** Loads the first page (a plain array is a list without pages). */
  load(fetch: () => Promise<Paged<T[]> | T[]>, options?: LoadOptions): Promise<boolean>;
  /** "Load more": the page after the loaded ones; an item already there is not doubled. Toasts on failure. */
  loadMore(fetchPage: (cursor: string) => Promise<Paged<T[]>>): Promise<void>;
  /** Puts an item in (replacing the one with its id), at the start with `prepend`. */
  upsert(item: T, prepend?: boolean): void;
  /** Takes an item out (deleted, or no longer belonging to the list). */
  forget(id: string): void;
}

export function pagedLoadable<T extends { _id: string }>(options: LoadableOptions): PagedLoadable<T> {
  const list = loadable<T[]>([], { replayLiveChanges: true, ...options });
  const page = pageStateAtoms();
  onSessionReset(() => resetPageState(page));

  function load(fetch: () => Promise<Paged<T[]> | T[]>, loadOptions?: LoadOptions): Promise<boolean> {
    let next: string | null = null;
    return list.load(
      async () => {
        const answer = await fetch();
        if (Array.isArray(answer)) return answer;
        next = answer.next;
        return answer.body;
      },
      loadOptions,
      () => store.set(page.next, next),
    );
  }

  async function loadMore(fetchPage: (cursor: string) => Promise<Paged<T[]>>): Promise<void> {
    const cursor = store.get(page.next);
    if (!cursor || store.get(page.loadingMore)) return;
    store.set(page.loadingMore, true);
    try {
      await list.withLiveChanges(
        () => fetchPage(cursor),
        (answer, apply) => {
          // A change made meanwhile (an item deleted live) also holds for the items of this page.
          const fresh = apply(answer.body);
          store.set(list.value, (loaded) => appendNew(loaded, fresh));
          store.set(page.next, answer.next);
        },
      );
    } catch (cause) {
      if (!isUnauthorized(cause)) toast.error(options.failure, options.toastId ? { id: options.toastId } : undefined);
    } finally {
      store.set(page.loadingMore, false);
    }
  }

  const upsert = (item: T, prepend = false) => store.set(list.value, (items) => upsertById(items, item, prepend));
  const forget = (id: string) => store.set(list.value, (items) => removeById(items, id));
  return { ...list, page, load, loadMore, upsert, forget };
}
