import type { WallDisplay } from '@kpi/contracts';
import { atom, onSessionReset, store } from '../../app/store';
import type { LoadStatus } from '../../lib/loadStatus';
import { upsertById, removeById } from '../../lib/collections';
import { displaysApi } from './displaysApi';

/** The admin's company's paired wall displays, newest first. */
export const wallDisplaysAtom = atom<WallDisplay[]>([]);
export const wallDisplaysStatusAtom = atom<LoadStatus>('idle');

onSessionReset(() => {
  store.set(wallDisplaysAtom, []);
  store.set(wallDisplaysStatusAtom, 'idle');
});

/** Fetches the list; the caller shows the failure toast (and none for a 401, which ends the session). */
export async function loadWallDisplays(): Promise<void> {
  if (store.get(wallDisplaysStatusAtom) !== 'ready') store.set(wallDisplaysStatusAtom, 'loading');
  try {
    store.set(wallDisplaysAtom, await displaysApi.list());
    store.set(wallDisplaysStatusAtom, 'ready');
  } catch (error) {
    if (store.get(wallDisplaysStatusAtom) !== 'ready') store.set(wallDisplaysStatusAtom, 'error');
    throw error;
  }
}

/** Pairs the screen showing `code`; the new display goes to the top of the list. */
export async function pairDisplay(code: string, name: string): Promise<WallDisplay> {
  const display = await displaysApi.claim({ code, ...(name.trim() ? { name } : {}) });
  store.set(wallDisplaysAtom, (list) => upsertById(list, display, true));
  return display;
}

export async function revokeDisplay(id: string): Promise<string> {
  const { message } = await displaysApi.revoke(id);
  store.set(wallDisplaysAtom, (list) => removeById(list, id));
  return message;
}

/** Gone already (revoked elsewhere): drop it from the list too. */
export function forgetDisplay(id: string): void {
  store.set(wallDisplaysAtom, (list) => removeById(list, id));
}
