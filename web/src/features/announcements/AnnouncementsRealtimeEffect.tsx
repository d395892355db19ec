import { useEffect } from 'react';
import { store } from '../../lib/store';
import { onEvent, onResync } from '../../lib/socket';
import { applyAnnouncement, forgetAnnouncement, loadAnnouncements } from './actions';
import { announcementsStatusAtom } from './atoms';

/**
 * Applies announcement.* events (sent to the whole company) to the atoms the list fetch fills, so the admin's
 * and the executives' lists change live. An expiry arrives as announcement.updated with a past `expiresAt`:
 * executives drop it, admins mark it Expired.
 */
export function AnnouncementsRealtimeEffect() {
  useEffect(() => {
    const offs = [
      onEvent('announcement.created', ({ payload, at }) => applyAnnouncement(payload.announcement, at)),
      onEvent('announcement.updated', ({ payload, at }) => applyAnnouncement(payload.announcement, at)),
      onEvent('announcement.pinned', ({ payload, at }) => applyAnnouncement(payload.announcement, at)),
      onEvent('announcement.deleted', ({ payload }) => forgetAnnouncement(payload.announcementId)),
      onResync(() => {
        if (store.get(announcementsStatusAtom) !== 'idle') void loadAnnouncements({ quiet: true });
      }),
    ];
    return () => offs.forEach((off) => off());
  }, []);
  return null;
}
