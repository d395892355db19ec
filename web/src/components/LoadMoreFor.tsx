import { useAtomValue } from '../lib/store';
import { LoadMore } from './ui';
import type { PageState } from '../lib/pagedList';

/** `LoadMore` for a list kept in a `PageState` (lib/pagedList.ts): shown until the last page is in. */
export function LoadMoreFor({ state, onLoad, label }: { state: PageState; onLoad: () => void; label?: string }) {
  const next = useAtomValue(state.next);
  const loading = useAtomValue(state.loadingMore);
  return <LoadMore hasMore={next !== null} loading={loading} onLoad={onLoad} label={label} />;
}
