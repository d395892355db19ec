import { useEffect } from 'react';
import { store, useAtomValue } from '../../lib/store';
import { onEvent, onResync } from '../../lib/socket';
import { sessionUserAtom } from '../../session/atoms';
import { loadMyBadges } from './actions';
import { myBadges } from './atoms';

/** A badge awarded to the signed-in user appears in their profile at once. */
export function BadgesRealtimeEffect() {
  const userId = useAtomValue(sessionUserAtom)?._id ?? null;
  useEffect(() => {
    if (!userId) return;
    const offs = [
      onEvent('badge.awarded', ({ payload }) => {
        if (payload.userId === userId) myBadges.upsert(payload.userBadge, true);
      }),
      onResync(() => {
        if (store.get(myBadges.status) !== 'idle') void loadMyBadges(userId);
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [userId]);
  return null;
}
