import type { Announcement } from '@kpi/contracts';
import toast from 'react-hot-toast';
import { store } from '../../lib/store';
import { removeById, upsertById } from '../../lib/collections';
import { deleteWithToasts } from '../../components/deletion';
import { sessionUserAtom } from '../../session/atoms';
import { companyIdOf } from '../../session/homePath';
import { announcementsApi } from './api';
import { announcements, announcementsAtom, FETCH_TOAST_ID } from './atoms';
import { nowAtom } from './clock';
import { isExpired } from './rules';

export const NO_COMPANY_MESSAGE = 'No company assigned to user';

/** Fetches the company's announcements into the atoms. `quiet`: no skeleton and no toast (live refresh). */
export async function loadAnnouncements({ quiet = false } = {}): Promise<void> {
  const user = store.get(sessionUserAtom);
  if (!user) return;
  // Admins and executives read their own company's announcements, so they need one (docs/product.md#validation-messages).
  if (user.role !== 'superadmin' && !companyIdOf(user)) {
    announcements.fail(NO_COMPANY_MESSAGE);
    if (!quiet) toast.error(NO_COMPANY_MESSAGE, { id: FETCH_TOAST_ID });
    return;
  }
  await announcements.load(() => announcementsApi.list(), { quiet });
}

/** "Load more": the next page of the company's announcements. */
export const loadMoreAnnouncements = (): Promise<void> => announcements.loadMore((cursor) => announcementsApi.list(cursor));

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

/** Admin: deletes an announcement (after the screen's confirmation): the list drops it, then reloads quietly. */
export const deleteAnnouncement = (announcement: Announcement): Promise<void> =>
  deleteWithToasts({
    call: () => announcementsApi.remove(announcement._id),
    forget: () => forgetAnnouncement(announcement._id),
    deleted: 'Announcement deleted successfully',
    failed: 'Failed to delete announcement',
    reload: () => void loadAnnouncements({ quiet: true }),
  });
