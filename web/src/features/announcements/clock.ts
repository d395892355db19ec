import { atom } from '../../lib/store';

const TICK_MS = 60_000;

/**
 * The current time, refreshed once a minute while anything on screen reads it: one shared interval for every
 * relative time and expiry check, started when the first reader mounts and stopped when the last unmounts.
 * It also catches up when the tab becomes visible again (background tabs throttle timers).
 */
export const nowAtom = atom(Date.now());

nowAtom.onMount = (set) => {
  const tick = () => set(Date.now());
  tick();
  const timer = setInterval(tick, TICK_MS);
  const onVisible = () => {
    if (document.visibilityState === 'visible') tick();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
};
