import { Button } from './Button';

/**
 * The footer of a paged list (docs/paging.md): asks the server for the next page. Absent once the last page
 * is in, so a list never claims more than the server has.
 */
export function LoadMore({ hasMore, loading, onLoad, label = 'Load more' }: { hasMore: boolean; loading: boolean; onLoad: () => void; label?: string }) {
  if (!hasMore) return null;
  return (
    <div className="flex justify-center pt-2">
      <Button variant="secondary" loading={loading} onClick={onLoad}>
        {label}
      </Button>
    </div>
  );
}
