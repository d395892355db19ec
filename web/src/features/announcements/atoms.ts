import type { Announcement } from '@kpi/contracts';
import { atom, onSessionReset, store } from '../../app/store';
import type { LoadStatus } from '../../lib/loadStatus';
import { pageStateAtoms, resetPageState } from '../../lib/pagedList';
import { nowAtom } from './clock';
import { byPinnedThenNewest, isExpired } from './rules';

/** The company's announcements, as the list fetch and the announcement.* events leave them. */
export const announcementsAtom = atom<Announcement[]>([]);
export const announcementsStatusAtom = atom<LoadStatus>('idle');
/** The loaded pages of the list (docs/paging.md). */
export const announcementsPage = pageStateAtoms();
/** Why the last load failed, for the executive's error view ('No company assigned to user', a server message…). */
export const announcementsErrorAtom = atom<string | null>(null);

/** Pinned first, then newest first: the admin's list (expired ones included, marked). */
export const sortedAnnouncementsAtom = atom((get) => [...get(announcementsAtom)].sort(byPinnedThenNewest));

/** What an executive sees: the same order, without those whose expiry has come while the page is open. */
export const currentAnnouncementsAtom = atom((get) => {
  const now = get(nowAtom);
  return get(sortedAnnouncementsAtom).filter((a) => !isExpired(a, now));
});

onSessionReset(() => {
  store.set(announcementsAtom, []);
  store.set(announcementsStatusAtom, 'idle');
  store.set(announcementsErrorAtom, null);
  resetPageState(announcementsPage);
});
