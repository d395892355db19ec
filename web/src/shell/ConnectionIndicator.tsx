import { useAtomValue } from '../lib/store';
import { connectionAtom, connectionLabel } from '../lib/connection';
import { cx } from '../components/ui';
import { useNow } from '../lib/useNow';

const DOT = { live: 'bg-emerald-500', reconnecting: 'bg-amber-400 animate-pulse', offline: 'bg-slate-400' } as const;

/**
 * A quiet word on the realtime connection, in the header: a green dot while live; "Reconnecting…", then
 * "Offline since 14:05" while the server is out of reach. It only speaks up (text beside the dot) when not live.
 */
export function ConnectionIndicator() {
  const state = useAtomValue(connectionAtom);
  // Re-read the clock while away, so "Reconnecting…" turns into "Offline since …" on time. A reading older than
  // the loss still says "Reconnecting…", which is right for the first second.
  const now = useNow(1000, state.kind === 'lost');
  const { tone, text } = connectionLabel(state, now);
  return (
    <p role="status" data-testid="connection" data-tone={tone} title={text} className="flex items-center gap-1.5 text-xs text-slate-500">
      <span aria-hidden="true" className={cx('inline-block h-2 w-2 shrink-0 rounded-full', DOT[tone])} />
      {/* Read out always; shown beside the dot only when not live, and on phones only as the dot. */}
      <span className={tone === 'live' ? 'sr-only' : 'sr-only whitespace-nowrap sm:not-sr-only'}>{text}</span>
    </p>
  );
}
