import { useEffect, useState } from 'react';

/**
 * The clock for a component that shows something derived from time: read when the component mounts, then
 * again every `everyMs` while `ticking`. Reading it in state, not during render, keeps renders pure; a component
 * that needs a fresh reading when its subject changes is remounted with a `key`.
 */
export function useNow(everyMs: number, ticking = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, ticking]);
  return now;
}
