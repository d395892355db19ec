import type { WallDisplay } from '@kpi/contracts';
import { store } from '../../lib/store';
import { errorMessage } from '../../lib/api';
import { pagedLoadable } from '../../lib/loadable';
import { upsertById, removeById } from '../../lib/collections';
import { displaysApi } from './displaysApi';

const FETCH_FAILED = 'Failed to fetch wall displays';

/** The admin's company's paired wall displays, newest first. */
export const wallDisplays = pagedLoadable<WallDisplay>({
  failure: FETCH_FAILED,
  describe: (error) => errorMessage(error, FETCH_FAILED),
  toastId: 'wall-displays-fetch',
});
export const wallDisplaysAtom = wallDisplays.value;
export const wallDisplaysStatusAtom = wallDisplays.status;

/** Fetches the list, keeping what is shown while it reloads. */
export async function loadWallDisplays(): Promise<void> {
  await wallDisplays.load(() => displaysApi.list(), { keep: true });
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
