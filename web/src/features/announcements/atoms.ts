import type { Announcement } from '@kpi/contracts';
import { atom } from '../../lib/store';
import { errorMessage } from '../../lib/api';
import { pagedLoadable } from '../../lib/loadable';
import { nowAtom } from './clock';
import { byPinnedThenNewest, isExpired } from './rules';

const FETCH_FAILED = 'Failed to fetch announcements';
/** One toast id for every failure to load them, so a retried load does not stack a second toast. */
export const FETCH_TOAST_ID = 'announcements-fetch';

/** The company's announcements, as the list fetch and the announcement.* events leave them (docs/paging.md). */
export const announcements = pagedLoadable<Announcement>({
  failure: FETCH_FAILED,
  describe: (error) => errorMessage(error, FETCH_FAILED),
  toastId: FETCH_TOAST_ID,
});
export const announcementsAtom = announcements.value;
export const announcementsStatusAtom = announcements.status;
export const announcementsPage = announcements.page;
/** Why the last load failed, for the executive's error view ('No company assigned to user', a server message…). */
export const announcementsErrorAtom = announcements.error;

/** Pinned first, then newest first: the admin's list (expired ones included, marked). */
export const sortedAnnouncementsAtom = atom((get) => [...get(announcementsAtom)].sort(byPinnedThenNewest));

/** What an executive sees: the same order, without those whose expiry has come while the page is open. */
export const currentAnnouncementsAtom = atom((get) => {
  const now = get(nowAtom);
  return get(sortedAnnouncementsAtom).filter((a) => !isExpired(a, now));
});
