/** Where a fetched list stands: 'idle' before the first load, 'loading' during it, then 'ready' or 'error'. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Runs `fn` at most once per `ms`, after the last call (live events that each imply a refetch). */
export function debounce(fn: () => void, ms: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(fn, ms);
  };
}
