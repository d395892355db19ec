import { useId, type ReactNode } from 'react';
import { RankIcon } from './LeaderboardRow';
import { oneDecimal } from './rules';

interface PositionCardProps {
  title: string;
  rank: number;
  /** The main line beside the rank, e.g. 'Rank #2 of 5 executives' or the person's name. */
  primary: ReactNode;
  secondary?: ReactNode;
  totalScore: number;
  /** Beside the title: which board the position is read from (BoardSourceBadge). */
  badge?: ReactNode;
}

/** The highlighted card that says where the signed-in executive stands. */
export function PositionCard({ title, rank, primary, secondary, totalScore, badge }: PositionCardProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-indigo-200 bg-linear-to-br from-indigo-50 via-white to-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-indigo-700">
          {title}
        </h3>
        {badge}
      </div>
      {/* Polite: a rank that moves live is read out once the reader is idle. */}
      <div aria-live="polite" aria-atomic="true" className="mt-3 flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-3">
          <RankIcon rank={rank} />
          <div className="min-w-0">
            <p className="truncate text-base font-semibold text-slate-900 sm:text-lg">{primary}</p>
            {secondary && <p className="truncate text-sm text-slate-500">{secondary}</p>}
          </div>
        </div>
        <div className="ml-auto text-right">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Total Score</p>
          <p className="text-2xl font-bold tabular-nums text-indigo-700">{oneDecimal(totalScore)}</p>
        </div>
      </div>
    </section>
  );
}
