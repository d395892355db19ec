import type { LeaderboardEntry } from '@kpi/contracts';
import type { Ref } from 'react';
import { Badge, cx } from '../../components/ui';
import { capitalize } from '../../lib/format';
import { LEVEL_TONES, medalFor, oneDecimal } from './rules';

const podium: Record<number, string> = {
  1: 'border-amber-200 bg-amber-50/70',
  2: 'border-slate-300 bg-slate-50',
  3: 'border-orange-200 bg-orange-50/60',
};
const medalRing: Record<number, string> = {
  1: 'bg-amber-100 ring-amber-300',
  2: 'bg-slate-100 ring-slate-300',
  3: 'bg-orange-100 ring-orange-300',
};

/** Medal for ranks 1 to 3, '#n' otherwise; read out as 'Rank n'. */
export function RankIcon({ rank }: { rank: number }) {
  const medal = medalFor(rank);
  return (
    <span
      className={cx(
        'flex h-10 w-10 shrink-0 items-center justify-center rounded-full ring-1 ring-inset',
        medal ? medalRing[rank] : 'bg-white text-sm font-semibold text-slate-600 ring-slate-200',
      )}
    >
      {medal ? (
        <>
          <span aria-hidden="true" className="text-2xl leading-none">
            {medal}
          </span>
          <span className="sr-only">Rank {rank}</span>
        </>
      ) : (
        <span aria-label={`Rank ${rank}`}>#{rank}</span>
      )}
    </span>
  );
}

export function LevelPill({ level, className }: { level: LeaderboardEntry['performanceLevel']; className?: string }) {
  return (
    <Badge tone={LEVEL_TONES[level] ?? 'gray'} className={className}>
      {capitalize(level)}
    </Badge>
  );
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="min-w-0">
      <dt className="whitespace-nowrap text-[11px] font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="text-sm font-semibold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}

/**
 * One leaderboard row: rank (medals for 1 to 3), name with '(You)', department, Total Score, Tasks,
 * Avg Score, level and badges. The same row serves every leaderboard screen.
 */
export function LeaderboardRow({ entry, you = false, rowRef }: { entry: LeaderboardEntry; you?: boolean; rowRef?: Ref<HTMLLIElement> }) {
  return (
    <li
      ref={rowRef}
      aria-current={you ? 'true' : undefined}
      className={cx('@container rounded-xl border p-3 sm:px-4', podium[entry.rank] ?? 'border-slate-200 bg-white', you && 'ring-2 ring-indigo-500 ring-offset-1')}
    >
      {/*
        Laid out by the row's own width, as the same row sits in wide and narrow cards: one line when wide; the
        name with level and badges above the figures in between; everything stacked when narrow.
      */}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <div className="flex w-full min-w-0 items-center gap-3 @md:w-auto @md:flex-1">
          <RankIcon rank={entry.rank} />
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900">
              {entry.user.name}
              {you && <span className="font-medium text-indigo-600"> (You)</span>}
            </p>
            <p className="truncate text-sm text-slate-500">{entry.user.department || '—'}</p>
          </div>
        </div>
        <dl className="order-3 grid w-full grid-cols-3 gap-3 @3xl:order-2 @3xl:w-72">
          <Figure label="Total Score" value={oneDecimal(entry.totalScore)} />
          <Figure label="Tasks" value={entry.tasksCompleted} />
          <Figure label="Avg Score" value={oneDecimal(entry.averageScore)} />
        </dl>
        <div className="order-4 flex w-full items-center justify-between gap-3 @md:order-2 @md:w-auto @md:justify-end @3xl:order-4 @3xl:w-52 @3xl:justify-between">
          <LevelPill level={entry.performanceLevel} />
          {entry.badges.length ? (
            <span role="img" aria-label={`Badges: ${entry.badges.join(' ')}`} className="flex flex-wrap justify-end gap-1 text-lg leading-none">
              {entry.badges.map((icon, i) => (
                <span key={`${icon}-${i}`}>{icon}</span>
              ))}
            </span>
          ) : (
            <span className="text-sm text-slate-500">
              <span aria-hidden="true">—</span>
              <span className="sr-only">No badges</span>
            </span>
          )}
        </div>
      </div>
    </li>
  );
}
