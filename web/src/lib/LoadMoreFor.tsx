import { useAtomValue } from '../app/store';
import { LoadMore } from '../components/ui';
import type { PageState } from './pagedList';

/** `LoadMore` for a list kept in a `PageState` (lib/pagedList.ts): shown until the last page is in. */
export function LoadMoreFor({ state, onLoad, label }: { state: PageState; onLoad: () => void; label?: string }) {
  const next = useAtomValue(state.next);
  const loading = useAtomValue(state.loadingMore);
  return <LoadMore hasMore={next !== null} loading={loading} onLoad={onLoad} label={label} />;
}
