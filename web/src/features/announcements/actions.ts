import type { Announcement } from '@kpi/contracts';
import toast from 'react-hot-toast';
import { store } from '../../app/store';
import { errorMessage, isUnauthorized } from '../../lib/api';
import { removeById, upsertById } from '../../lib/collections';
import { sessionUserAtom } from '../session/atoms';
import { companyIdOf } from '../session/homePath';
import { announcementsApi } from './api';
import { loadNextPage } from '../../lib/pagedList';
import { announcementsAtom, announcementsErrorAtom, announcementsPage, announcementsStatusAtom } from './atoms';
import { nowAtom } from './clock';
import { isExpired } from './rules';

export const NO_COMPANY_MESSAGE = 'No company assigned to user';
const FETCH_FAILED = 'Failed to fetch announcements';
// One toast id, so a load retried while its failure toast still shows does not stack a second one.
const FETCH_TOAST_ID = 'announcements-fetch';

/** Fetches the company's announcements into the atoms. `quiet`: no skeleton and no toast (live refresh). */
export async function loadAnnouncements({ quiet = false } = {}): Promise<void> {
  const user = store.get(sessionUserAtom);
  if (!user) return;
  // Admins and executives read their own company's announcements, so they need one (SPEC §5).
  if (user.role !== 'superadmin' && !companyIdOf(user)) {
    store.set(announcementsAtom, []);
    store.set(announcementsErrorAtom, NO_COMPANY_MESSAGE);
    store.set(announcementsStatusAtom, 'error');
    if (!quiet) toast.error(NO_COMPANY_MESSAGE, { id: FETCH_TOAST_ID });
    return;
  }
  if (!quiet || store.get(announcementsStatusAtom) !== 'ready') store.set(announcementsStatusAtom, 'loading');
  try {
    const page = await announcementsApi.list();
    store.set(announcementsAtom, page.body);
    store.set(announcementsPage.next, page.next);
    store.set(announcementsErrorAtom, null);
    store.set(announcementsStatusAtom, 'ready');
  } catch (error) {
    if (store.get(announcementsStatusAtom) !== 'ready') {
      store.set(announcementsErrorAtom, errorMessage(error, FETCH_FAILED));
      store.set(announcementsStatusAtom, 'error');
    }
    if (!quiet && !isUnauthorized(error)) toast.error(errorMessage(error, FETCH_FAILED), { id: FETCH_TOAST_ID });
  }
}

/** "Load more": the next page of the company's announcements. */
export async function loadMoreAnnouncements(): Promise<void> {
  if (!(await loadNextPage(announcementsPage, announcementsAtom, (cursor) => announcementsApi.list(cursor)))) toast.error(FETCH_FAILED, { id: FETCH_TOAST_ID });
}

/**
 * Puts a created, edited or (un)pinned announcement into the list. Executives never keep an expired one:
 * `at` is when the server produced it (an event's `at`), so its own clock decides, not this machine's.
 */
export function applyAnnouncement(announcement: Announcement, at: string = new Date().toISOString()): void {
  const executive = store.get(sessionUserAtom)?.role === 'executive';
  const expired = isExpired(announcement, at);
  store.set(announcementsAtom, (list) => (executive && expired ? removeById(list, announcement._id) : upsertById(list, announcement, true)));
  // An admin's 'Expired' mark should not wait for the next minute tick.
  if (expired) store.set(nowAtom, (now) => Math.max(now, Date.now()));
}

export function forgetAnnouncement(id: string): void {
  store.set(announcementsAtom, (list) => removeById(list, id));
}
