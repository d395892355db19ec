/**
 * One toast per event per browser: every tab of a signed-in user receives the same realtime events, so
 * only the tab holding the `kpi-toast-leader` Web Lock shows event toasts. The lock is never released
 * while the tab lives; when the leader tab closes, the browser hands the lock to a waiting tab.
 * Where Web Locks are missing (old browsers, non-secure origins) every tab shows its toasts.
 */
const LOCK_NAME = 'kpi-toast-leader';

type LockManagerLike = { request: (name: string, callback: () => Promise<unknown>) => Promise<unknown> };

const lockManager = (): LockManagerLike | null => {
  if (typeof navigator === 'undefined') return null;
  const locks = (navigator as Navigator & { locks?: LockManagerLike }).locks;
  return locks && typeof locks.request === 'function' ? locks : null;
};

const locks = lockManager();
let leader = locks === null;

if (locks) {
  locks
    .request(LOCK_NAME, () => {
      leader = true;
      // Held for the life of the tab.
      return new Promise<never>(() => {});
    })
    .catch(() => {
      // The lock manager refused (e.g. an opaque origin): behave as if Web Locks were missing.
      leader = true;
    });
}

/** True in the one tab of this browser that shows toasts for realtime events. */
export const isToastLeader = (): boolean => leader;

/** Runs `show` (typically a toast call) only in the leader tab; returns whether it ran. */
export const showOnce = (show: () => void): boolean => {
  if (!leader) return false;
  show();
  return true;
};
