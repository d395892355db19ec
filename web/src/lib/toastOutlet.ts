import { atom, store } from './store';

/** Whether the toast outlet (react-hot-toast's Toaster) is wanted: from the first toast or the routed app on. */
export const toastOutletAtom = atom(false);

const loadToasts = () => import('react-hot-toast');
/** Fetches react-hot-toast ahead of the first toast (the sign-in page starts it once the form has focus). */
export const preloadToasts = (): void => void loadToasts();

/**
 * A toast from the sign-in path, which keeps react-hot-toast out of its first bundle: mounts the outlet and
 * shows the toast once the library has loaded (the Toaster shows toasts raised before it mounted).
 */
export function notify(kind: 'success' | 'error', message: string): void {
  store.set(toastOutletAtom, true);
  void loadToasts().then(({ toast }) => toast[kind](message));
}
