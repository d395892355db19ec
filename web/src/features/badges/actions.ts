import { store } from '../../app/store';
import { badgesApi } from './api';
import { myBadgesAtom, myBadgesStatusAtom } from './atoms';

const newestFirst = <T extends { awardedAt: string }>(list: T[]) => [...list].sort((a, b) => b.awardedAt.localeCompare(a.awardedAt));

/** Loads the user's badges. A failure is only logged (SPEC §8: no toast). */
export async function loadMyBadges(userId: string): Promise<void> {
  if (store.get(myBadgesStatusAtom) !== 'ready') store.set(myBadgesStatusAtom, 'loading');
  try {
    store.set(myBadgesAtom, newestFirst(await badgesApi.forUser(userId)));
    store.set(myBadgesStatusAtom, 'ready');
  } catch (error) {
    console.error('Failed to fetch badges', error);
    if (store.get(myBadgesStatusAtom) !== 'ready') store.set(myBadgesStatusAtom, 'error');
  }
}
