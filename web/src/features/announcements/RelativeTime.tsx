import { useAtomValue } from '../../lib/store';
import { nowAtom } from './clock';
import { relativeTime } from './relativeTime';

/** '3h ago' and the like, kept current by the shared minute clock; the exact time is in the tooltip. */
export function RelativeTime({ value, className }: { value: string; className?: string }) {
  const now = useAtomValue(nowAtom);
  const date = new Date(value);
  const valid = !Number.isNaN(date.getTime());
  return (
    <time dateTime={valid ? date.toISOString() : undefined} title={valid ? date.toLocaleString() : undefined} className={className}>
      {relativeTime(value, now)}
    </time>
  );
}
