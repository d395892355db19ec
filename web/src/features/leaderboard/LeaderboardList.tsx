import type { LeaderboardEntry } from '@kpi/contracts';
import { useId, useMemo, type ReactNode } from 'react';
import { EmptyState } from '../../components/ui';
import { TrophyIcon } from '../../components/ui/icons';
import { LeaderboardRow } from './LeaderboardRow';
import { useReorderAnimation } from './useReorderAnimation';

interface LeaderboardListProps {
  /** The list's heading, e.g. 'Top 10 Executives'; omitted when the surrounding card already says it. */
  title?: string;
  /** The accessible name of the list (defaults to the title). */
  label?: string;
  entries: readonly LeaderboardEntry[];
  currentUserId?: string | null;
  /** The period shown: rows animate for live changes within one period only. */
  scope: string;
  empty: { title: string; description?: ReactNode };
}

/**
 * The ranked rows of a leaderboard, shared by the admin's Leaderboards, the executive's Company Leaderboard
 * and the Performance Dashboard. Live changes slide rows to their new place and make changed rows glow.
 */
export function LeaderboardList({ title, label, entries, currentUserId, scope, empty }: LeaderboardListProps) {
  const headingId = useId();
  const rows = useMemo(() => entries.map((e) => ({ id: e.user._id, signature: `${e.rank}|${e.totalScore}|${e.tasksCompleted}|${e.badges.join('')}` })), [entries]);
  const { rowRef, containerRef } = useReorderAnimation(rows, scope);

  return (
    <section aria-labelledby={title ? headingId : undefined} aria-label={title ? undefined : label}>
      {title && (
        <h4 id={headingId} className="mb-3 text-base font-semibold text-slate-900">
          {title}
        </h4>
      )}
      {entries.length === 0 ? (
        <EmptyState icon={<TrophyIcon />} title={<span className="font-semibold text-slate-900">{empty.title}</span>} description={empty.description} />
      ) : (
        <ol ref={containerRef} aria-label={label ?? title} className="space-y-2">
          {entries.map((entry) => (
            <LeaderboardRow key={entry.user._id} entry={entry} you={!!currentUserId && entry.user._id === currentUserId} rowRef={rowRef(entry.user._id)} />
          ))}
        </ol>
      )}
    </section>
  );
}
