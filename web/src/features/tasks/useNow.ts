import { useEffect, useState } from 'react';

/** The current time, refreshed every `ms`: tasks turn overdue on screen when their deadline passes. */
export function useNow(ms = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
