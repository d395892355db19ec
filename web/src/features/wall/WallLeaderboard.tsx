import type { LeaderboardEntry, PerformanceLevel } from '@kpi/contracts';
import { useAtomValue } from '../../lib/store';
import { cx } from '../../components/ui';
import { capitalize } from '../../lib/format';
import { wallCelebrationsAtom, type Celebration } from './atoms';
import { Confetti } from './Confetti';
import { rankLabel } from './rules';
import { useFlip } from './useFlip';

/** Rank, executive, total, average, level: one grid for the header and every row, so columns line up. */
const COLUMNS = 'grid grid-cols-[10vh_minmax(0,1fr)_19vh_10vh_25vh] items-center gap-x-[2vh]';

/**
 * Rows are opaque (a solid colour under the podium tint), so a row sliding past another during a rank
 * change covers it instead of mixing their text.
 */
const ROW_BASE = 'bg-[rgb(14_19_40)]';
const podium: Record<number, string> = {
  1: 'bg-gradient-to-r from-amber-400/25 via-amber-400/10 to-transparent ring-amber-300/40',
  2: 'bg-gradient-to-r from-slate-300/20 via-slate-300/[0.08] to-transparent ring-slate-300/30',
  3: 'bg-gradient-to-r from-orange-400/20 via-orange-400/[0.08] to-transparent ring-orange-300/30',
};

const levelTone: Record<PerformanceLevel, string> = {
  excellent: 'bg-emerald-400/15 text-emerald-300 ring-emerald-300/30',
  satisfactory: 'bg-amber-400/15 text-amber-200 ring-amber-300/30',
  underperforming: 'bg-rose-400/15 text-rose-300 ring-rose-300/30',
};

/** The company's top 10 in large type. Rows slide to their new places when ranks change. */
export function WallLeaderboard({ entries, className }: { entries: readonly LeaderboardEntry[]; className?: string }) {
  const celebrations = useAtomValue(wallCelebrationsAtom);
  const rowRef = useFlip(entries.map((e) => e.user._id));

  return (
    <section aria-labelledby="wall-top10" className={cx('flex min-h-0 flex-col', className)}>
      <h2 id="wall-top10" className="sr-only">
        Top 10
      </h2>
      {entries.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center rounded-[2vh] border border-dashed border-white/15 text-center">
          <p className="text-[5vh] font-semibold text-slate-200">No scores yet this month</p>
          <p className="mt-[1.5vh] text-[2.6vh] text-slate-400">The board fills in as tasks are scored.</p>
        </div>
      ) : (
        <>
          <div aria-hidden="true" className={cx(COLUMNS, 'px-[2.5vh] pb-[1vh] text-[1.7vh] font-semibold uppercase tracking-[0.18em] text-slate-500')}>
            <span className="text-center">Rank</span>
            <span>Executive</span>
            <span className="text-right">Total</span>
            <span className="text-right">Avg</span>
            <span className="text-right">Level</span>
          </div>
          <ol className="grid min-h-0 flex-1 grid-rows-10 gap-[0.9vh]">
            {entries.map((entry) => (
              <WallRow key={entry.user._id} entry={entry} celebration={celebrations.get(entry.user._id)} rowRef={rowRef(entry.user._id)} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function WallRow({ entry, celebration, rowRef }: { entry: LeaderboardEntry; celebration?: Celebration; rowRef: (el: HTMLElement | null) => void }) {
  const { rank, user, totalScore, averageScore, performanceLevel, badges } = entry;
  const medal = rank <= 3;
  return (
    <li
      ref={rowRef}
      data-testid="wall-row"
      data-rank={rank}
      className={cx(COLUMNS, ROW_BASE, 'relative min-h-0 rounded-[1.6vh] px-[2.5vh] ring-1', podium[rank] ?? 'ring-white/10')}
    >
      <span className={cx('text-center tabular-nums', medal ? 'text-[5vh] leading-none' : 'text-[3.4vh] font-bold text-slate-400')} aria-label={`Rank ${rank}`}>
        {rankLabel(rank)}
      </span>
      <div className="min-w-0">
        <p className={cx('truncate font-semibold leading-[1.15]', medal ? 'text-[3.6vh]' : 'text-[3.2vh]')}>
          {user.name}
          {badges.length > 0 && (
            <span className="ml-[1.2vh] align-middle text-[2.2vh]" aria-label={`Badges: ${badges.join(' ')}`}>
              {badges.join(' ')}
            </span>
          )}
        </p>
        <p className="truncate text-[2vh] leading-[1.2] text-slate-400">{user.department || '—'}</p>
      </div>
      <p className="flex items-baseline justify-end gap-[1vh] text-right">
        {celebration && (
          <span key={celebration.stamp} className="text-[2.4vh] font-bold text-emerald-300" data-testid="score-raise">
            +{celebration.delta.toFixed(1)}
          </span>
        )}
        <span className={cx('font-bold tabular-nums', medal ? 'text-[4.6vh]' : 'text-[4vh]')} data-testid="total-score">
          {totalScore.toFixed(1)}
        </span>
      </p>
      <p className="text-right text-[2.8vh] tabular-nums text-slate-300">{averageScore.toFixed(1)}</p>
      <p className="flex justify-end">
        <span className={cx('rounded-full px-[1.6vh] py-[0.5vh] text-[2vh] font-semibold ring-1', levelTone[performanceLevel])}>{capitalize(performanceLevel)}</span>
      </p>
      {celebration && <Confetti key={celebration.stamp} />}
    </li>
  );
}
