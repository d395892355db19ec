import { LEADERBOARD_SIZE, PAGE_DEFAULT, PAGE_MAX, type EventPayloads } from '@kpi/contracts';
import toast from 'react-hot-toast';
import { store } from '../../lib/store';
import { errorMessage, isUnauthorized } from '../../lib/api';
import { leaderboardApi } from './api';
import { leaderboard, leaderboardAtom, leaderboardPage, leaderboardQueryAtom, leaderboardStatusAtom } from './atoms';
import { applyLiveTop10, boardMatches, csvFilename, periodOf, samePeriod, type LeaderboardQuery } from './rules';

/**
 * Fetches the first page of the board of `query` into the atoms: the top 10, more with "Show more"
 * (`loadMoreLeaderboard`); a late answer for a period the user has left is dropped. `quiet` (live refresh):
 * keep what is shown, no spinner and no toast, and ask for as many rows as are shown (up to a page's maximum),
 * so a refresh does not fold the list back. A failed load clears the list (docs/product.md#toasts).
 */
export async function loadLeaderboard(query: LeaderboardQuery, { quiet = false } = {}): Promise<void> {
  const shown = quiet ? (store.get(leaderboardAtom)?.entries.length ?? 0) : 0;
  const limit = Math.min(PAGE_MAX, Math.max(LEADERBOARD_SIZE, shown));
  let next: string | null = null;
  await leaderboard.load(
    async () => {
      const page = await leaderboardApi.board(query, { limit });
      next = page.next;
      return page.body;
    },
    { quiet },
    () => store.set(leaderboardPage.next, next),
  );
}

/** "Show more": the page after the rows shown, appended (a row already there is not doubled). */
export async function loadMoreLeaderboard(): Promise<void> {
  const cursor = store.get(leaderboardPage.next);
  const query = store.get(leaderboardQueryAtom);
  if (!cursor || store.get(leaderboardPage.loadingMore)) return;
  store.set(leaderboardPage.loadingMore, true);
  try {
    const page = await leaderboardApi.board(query, { limit: PAGE_DEFAULT, cursor });
    const shown = store.get(leaderboardAtom);
    // The user moved to another period meanwhile: this page is not theirs any more.
    if (!shown || !boardMatches(shown, query) || !boardMatches(shown, store.get(leaderboardQueryAtom))) return;
    const have = new Set(shown.entries.map((e) => e.user._id));
    store.set(leaderboardAtom, { ...page.body, entries: [...shown.entries, ...page.body.entries.filter((e) => !have.has(e.user._id))] });
    store.set(leaderboardPage.next, page.next);
  } catch (error) {
    if (!isUnauthorized(error)) toast.error(errorMessage(error, 'Failed to fetch leaderboard'), { id: 'leaderboard-fetch' });
  } finally {
    store.set(leaderboardPage.loadingMore, false);
  }
}

/** Shows another period: remembers the choice and loads it. */
export function chooseLeaderboard(query: LeaderboardQuery): void {
  store.set(leaderboardQueryAtom, query);
  void loadLeaderboard(query);
}

/** Refetches what is on screen without a spinner (live events, resync). Nothing before the first load. */
export function refreshLeaderboard(): void {
  if (store.get(leaderboardStatusAtom) === 'idle') return;
  void loadLeaderboard(store.get(leaderboardQueryAtom), { quiet: true });
}

/** Admin: publishes the period (snapshot and period badges). Resolves true on success. */
export async function generateLeaderboard(query: LeaderboardQuery): Promise<boolean> {
  try {
    const board = await leaderboardApi.generate(query.type === 'monthly' ? { type: 'monthly', year: query.year, month: query.month } : { type: 'yearly', year: query.year });
    // The answer is the published board's first page; the period on screen is read again as it is shown.
    if (boardMatches(board, store.get(leaderboardQueryAtom))) await loadLeaderboard(store.get(leaderboardQueryAtom), { quiet: true });
    toast.success('Leaderboard generated successfully');
    return true;
  } catch (error) {
    if (!isUnauthorized(error)) toast.error('Failed to generate leaderboard');
    return false;
  }
}

/**
 * Downloads the period as CSV (the live board, or the published snapshot): fetched with the bearer token (a
 * plain link would lack it), saved from a Blob.
 */
export async function downloadLeaderboardCsv(query: LeaderboardQuery, source: 'live' | 'published' = 'live'): Promise<void> {
  try {
    const text = await (source === 'published' ? leaderboardApi.publishedCsv(query) : leaderboardApi.csv(query));
    const url = URL.createObjectURL(new Blob([typeof text === 'string' ? text : ''], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = source === 'published' ? csvFilename(periodOf(query)).replace(/\.csv$/, '-published.csv') : csvFilename(periodOf(query));
    document.body.append(link);
    link.click();
    link.remove();
    // Give the browser a moment to start the download before the object URL goes.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch (error) {
    if (!isUnauthorized(error)) toast.error(errorMessage(error, 'Failed to download leaderboard'));
  }
}

/**
 * `leaderboard.updated` (the current month's top 10, after every scoring): applied at once to the monthly
 * board of that month. Returns whether a refetch should follow: rows beyond the top 10 may have moved, or a
 * yearly board of that year changed too.
 */
export function applyLeaderboardUpdate(update: EventPayloads['leaderboard.updated']): boolean {
  const board = store.get(leaderboardAtom);
  if (!board || store.get(leaderboardStatusAtom) !== 'ready') return false;
  if (board.type === 'yearly') return board.period.year === update.period.year;
  const applied = applyLiveTop10(board, update);
  if (!applied) return false;
  leaderboard.supersede();
  store.set(leaderboardAtom, applied.board);
  return !applied.complete;
}

/**
 * `leaderboard.generated`: the board on screen, if it is that period, is now published. Returns whether it
 * matched (its badges column may have changed too: the caller refetches).
 */
export function applyLeaderboardGenerated(event: EventPayloads['leaderboard.generated']): boolean {
  const board = store.get(leaderboardAtom);
  if (!board || board.type !== event.type || !samePeriod(board.period, event.period)) return false;
  store.set(leaderboardAtom, { ...board, generatedAt: event.generatedAt });
  return true;
}
