import type { UserBadge } from '@kpi/contracts';
import { atom, onSessionReset, store } from '../../app/store';
import type { LoadStatus } from '../../lib/loadStatus';

/** The signed-in user's badges, newest first. */
export const myBadgesAtom = atom<UserBadge[]>([]);
export const myBadgesStatusAtom = atom<LoadStatus>('idle');

onSessionReset(() => {
  store.set(myBadgesAtom, []);
  store.set(myBadgesStatusAtom, 'idle');
});
