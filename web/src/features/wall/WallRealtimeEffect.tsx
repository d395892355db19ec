import { useEffect } from 'react';
import { store } from '../../lib/store';
import { applyWallEvent, loadBoard, verifyDisplay } from './actions';
import { wallConnectionAtom, wallLostSinceAtom } from './atoms';
import { openWallSocket } from './wallSocket';

/** A quiet refetch now and then, in case anything slipped past the socket (and "updated" stays honest). */
const SAFETY_REFRESH_MS = 5 * 60_000;

/**
 * Keeps a paired wall live: the board is fetched at once and again each time the socket (re)joins its rooms
 * (walls get no replay), relayed events are applied as they come, and a revoked display goes back to pairing.
 */
export function WallRealtimeEffect({ token }: { token: string }) {
  useEffect(() => {
    store.set(wallConnectionAtom, 'connecting');
    void loadBoard();
    const close = openWallSocket(token, {
      live: () => {
        store.set(wallConnectionAtom, 'live');
        store.set(wallLostSinceAtom, null);
        void loadBoard();
      },
      lost: () => {
        store.set(wallConnectionAtom, 'lost');
        if (store.get(wallLostSinceAtom) === null) store.set(wallLostSinceAtom, Date.now());
      },
      refused: verifyDisplay,
      event: applyWallEvent,
    });
    const refresh = setInterval(() => {
      if (store.get(wallConnectionAtom) === 'live') void loadBoard();
    }, SAFETY_REFRESH_MS);
    return () => {
      close();
      clearInterval(refresh);
    };
  }, [token]);
  return null;
}
