import type { AnyEnvelope, EventPayloads, WallBoard } from '@kpi/contracts';
import { store } from '../../lib/store';
import { ApiError } from '../../lib/api';
import { wallApi } from './api';
import { wallBoardAtom, wallCelebrationsAtom, wallConnectionAtom, wallTokenAtom, wallUpdatedAtAtom } from './atoms';
import { isCurrent, MAX_TIMER_MS, scoreRaises, upsertAnnouncement } from './rules';
import { storeWallToken } from './token';

/** How long a row celebrates a score that just landed. */
export const CELEBRATION_MS = 4000;

let inFlight: { token: string; done: Promise<void> } | null = null;
/** Something changed while a fetch was on its way: its answer may predate it, so fetch once more. */
let dirty = false;
let rolloverTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Fetches the board. Concurrent calls share one fetch, and one more follows when anything changed meanwhile,
 * so an older answer never has the last word. A 401 means the display was revoked: back to pairing.
 */
export function loadBoard(): Promise<void> {
  const token = store.get(wallTokenAtom);
  if (!token) return Promise.resolve();
  if (inFlight?.token === token) {
    dirty = true;
    return inFlight.done;
  }
  // (A fetch still running for an earlier token throws its answer away.)
  const fetching = { token, done: Promise.resolve() };
  fetching.done = (async () => {
    try {
      do {
        dirty = false;
        const board = await wallApi.board(token);
        if (store.get(wallTokenAtom) !== token) return;
        store.set(wallBoardAtom, board);
        store.set(wallUpdatedAtAtom, Date.now());
        scheduleRollover(board.periodEndsAt);
      } while (dirty);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && store.get(wallTokenAtom) === token) unpair();
      // Anything else (server restarting, network down): keep showing what we have; the banner says so.
    } finally {
      if (inFlight === fetching) inFlight = null;
    }
  })();
  inFlight = fetching;
  return fetching.done;
}

/**
 * After the server closed or refused the wall's socket: is the display still paired? False (and back to
 * pairing) when it was revoked; true when the socket should try again (including when the server is down).
 */
export async function verifyDisplay(): Promise<boolean> {
  await loadBoard();
  return store.get(wallTokenAtom) !== null;
}

/** The claimed display token: store it, and the screen turns into the board. */
export function paired(token: string): void {
  storeWallToken(token);
  store.set(wallTokenAtom, token);
}

/** Forgets the display (revoked): the screen goes back to showing a pairing code. */
export function unpair(): void {
  clearTimeout(rolloverTimer);
  storeWallToken(null);
  store.set(wallTokenAtom, null);
  store.set(wallBoardAtom, null);
  store.set(wallUpdatedAtAtom, null);
  store.set(wallCelebrationsAtom, new Map());
  store.set(wallConnectionAtom, 'connecting');
}

/** Applies an event relayed to walls (api/src/events/wall-relay.ts). */
export function applyWallEvent(envelope: AnyEnvelope): void {
  switch (envelope.type) {
    case 'leaderboard.updated':
      return applyLeaderboardUpdate(envelope.payload);
    case 'leaderboard.generated':
      // A publication awards period badges: the icons on the rows change.
      return void loadBoard();
    case 'announcement.created':
    case 'announcement.updated':
    case 'announcement.pinned': {
      const { announcement } = envelope.payload;
      const keep = isCurrent(announcement, Date.parse(envelope.at));
      return changeBoard((board) => ({
        ...board,
        announcements: keep ? upsertAnnouncement(board.announcements, announcement) : board.announcements.filter((a) => a._id !== announcement._id),
      }));
    }
    case 'announcement.deleted': {
      const { announcementId } = envelope.payload;
      return changeBoard((board) => ({ ...board, announcements: board.announcements.filter((a) => a._id !== announcementId) }));
    }
    default:
      return;
  }
}

/** A score landed: the new top 10 reorders at once, and the rows whose total rose celebrate. */
function applyLeaderboardUpdate(payload: EventPayloads['leaderboard.updated']): void {
  const board = store.get(wallBoardAtom);
  // A new month began (or nothing is shown yet): the whole board, period and announcements, comes fresh.
  if (!board || board.period.year !== payload.period.year || board.period.month !== payload.period.month) return void loadBoard();
  const raises = scoreRaises(board.top10, payload.top10);
  changeBoard((b) => ({ ...b, top10: payload.top10, totalExecutives: payload.totalExecutives }));
  if (raises.size > 0) celebrate(raises);
}

function changeBoard(change: (board: WallBoard) => WallBoard): void {
  const board = store.get(wallBoardAtom);
  if (!board) return void loadBoard();
  if (inFlight) dirty = true;
  store.set(wallBoardAtom, change(board));
  store.set(wallUpdatedAtAtom, Date.now());
}

let landings = 0;

function celebrate(raises: Map<string, number>): void {
  const stamp = ++landings;
  store.set(wallCelebrationsAtom, (current) => {
    const next = new Map(current);
    for (const [id, delta] of raises) next.set(id, { delta, stamp });
    return next;
  });
  setTimeout(() => {
    store.set(wallCelebrationsAtom, (current) => {
      const next = new Map(current);
      // Only this landing's: a later score for the same person keeps its own celebration going.
      for (const id of raises.keys()) if (next.get(id)?.stamp === stamp) next.delete(id);
      return next;
    });
  }, CELEBRATION_MS);
}

/** At midnight of the month's end (in the company's zone) the new month's board shows, scores or not. */
function scheduleRollover(periodEndsAt: string): void {
  clearTimeout(rolloverTimer);
  const due = Date.parse(periodEndsAt) - Date.now();
  if (Number.isNaN(due)) return;
  // A couple of seconds late, so the server's clock is surely in the new month too.
  rolloverTimer = setTimeout(() => void loadBoard(), Math.min(Math.max(due, 0) + 2000, MAX_TIMER_MS));
}
