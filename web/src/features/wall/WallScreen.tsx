import { PRODUCT_NAME } from '@kpi/contracts';
import { useEffect, useState } from 'react';
import { useAtomValue } from '../../lib/store';
import { Spinner, cx } from '../../components/ui';
import { wallBoardAtom, wallConnectionAtom, wallLostSinceAtom, wallUpdatedAtAtom } from './atoms';
import { clockTime, isStale, periodHeading, STALE_AFTER_MS } from './rules';
import { WallAnnouncements } from './WallAnnouncements';
import { WallLeaderboard } from './WallLeaderboard';

/** The paired wall: company, period, the live top 10 and the pinned announcements, full screen. */
export function WallScreen() {
  const board = useAtomValue(wallBoardAtom);
  const connection = useAtomValue(wallConnectionAtom);
  const updatedAt = useAtomValue(wallUpdatedAtAtom);
  const lost = connection === 'lost';
  const stale = useStale(useAtomValue(wallLostSinceAtom));

  if (!board) {
    return (
      <div className="flex h-full flex-col">
        {lost && <StaleBanner />}
        <div className="flex flex-1 flex-col items-center justify-center gap-[3vh] text-[3vh] text-slate-300">
          <Spinner size="lg" label="Loading the leaderboard" className="border-white/20 border-t-indigo-400" />
          Loading the leaderboard…
        </div>
      </div>
    );
  }

  const ranked = board.top10.length;
  return (
    <div className="flex h-full flex-col">
      {stale && <StaleBanner />}
      <header className="flex items-end justify-between gap-[4vh] px-[4vh] pb-[2.2vh] pt-[3vh]">
        <div className="min-w-0">
          <p className="truncate text-[2.4vh] font-semibold uppercase tracking-[0.22em] text-indigo-300">{board.company.name}</p>
          <h1 className="truncate text-[5.6vh] font-bold leading-[1.1] tracking-tight text-white">{periodHeading(board.period)}</h1>
        </div>
        <div className="shrink-0 text-right text-[2.2vh] leading-snug text-slate-400">
          <p className="flex items-center justify-end gap-[1vh]" data-testid="wall-updated" data-connection={connection}>
            <span aria-hidden="true" className={cx('inline-block h-[1.3vh] w-[1.3vh] rounded-full', lost ? 'bg-amber-400' : connection === 'live' ? 'bg-emerald-400' : 'bg-slate-500')} />
            {updatedAt !== null && `Updated ${clockTime(updatedAt)}`}
          </p>
          <p>
            {ranked === 0 ? `${board.totalExecutives} executives` : `Top ${ranked} of ${board.totalExecutives} executives`}
          </p>
        </div>
      </header>
      <main className={cx('flex min-h-0 flex-1 gap-[3.5vh] px-[4vh] pb-[3.5vh] transition-opacity duration-700', stale && 'opacity-60')}>
        <WallLeaderboard entries={board.top10} className="min-w-0 flex-1" />
        {board.announcements.length > 0 && <WallAnnouncements announcements={board.announcements} className="w-[31%] shrink-0" />}
      </main>
      <p className="sr-only">{PRODUCT_NAME} wall display: {board.display.name}</p>
    </div>
  );
}

/** True once the wall has been without the server for STALE_AFTER_MS; re-checked on a timer while it is. */
function useStale(lostSince: number | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (lostSince === null) return;
    // A clock read before the loss already says "not stale"; it only has to move when the wall turns stale.
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, lostSince + STALE_AFTER_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [lostSince]);
  return isStale(lostSince, now);
}

function StaleBanner() {
  return (
    <div role="status" className="flex items-center justify-center gap-[1.5vh] bg-amber-400 px-[4vh] py-[1.2vh] text-[2.6vh] font-semibold text-amber-950">
      <Spinner size="sm" label="Reconnecting" className="border-amber-900/30 border-t-amber-950" />
      Connection lost — reconnecting…
    </div>
  );
}
