import { useState } from 'react';
import { companyZone } from '../../session/companyClock';
import { Badge, Button, EmptyState, SectionSpinner } from '../../components/ui';
import { TrophyIcon } from '../../components/ui/icons';
import { downloadLeaderboardCsv } from './actions';
import { DownloadIcon } from './icons';
import { LeaderboardList } from './LeaderboardList';
import { boardSourceLabel, isCurrentPeriod, publishedOnLabel, rankedCount, topTen, type LeaderboardQuery } from './rules';
import type { PublishedLoad } from './usePublishedBoard';

/**
 * The published snapshot of a period (usePublishedBoard): the ranks as they were when it was published,
 * whatever changed since, with its 'Published on' stamp and its own CSV.
 */
export function PublishedBoard({ query, load, currentUserId }: { query: LeaderboardQuery; load: PublishedLoad; currentUserId?: string | null }) {
  const [downloading, setDownloading] = useState(false);

  if (load.state === 'loading') return <SectionSpinner />;
  if (load.state === 'error') return <EmptyState icon={<TrophyIcon />} title={<span className="font-semibold text-slate-900">{load.message}</span>} />;
  const { board } = load;
  const download = async () => {
    setDownloading(true);
    await downloadLeaderboardCsv(query, 'published');
    setDownloading(false);
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="green">{publishedOnLabel(board.publishedAt)}</Badge>
          <span className="text-sm text-slate-500">{rankedCount(board.entries.length)} when published</span>
        </div>
        <Button variant="secondary" size="sm" icon={<DownloadIcon className="h-4 w-4" />} loading={downloading} onClick={() => void download()}>
          Download published CSV
        </Button>
      </div>
      <LeaderboardList
        label="Published ranking"
        entries={topTen(board.entries)}
        currentUserId={currentUserId}
        scope={`published:${board.publishedAt}`}
        empty={{ title: 'Nobody was ranked when this period was published' }}
      />
    </div>
  );
}

/** Which board a position card reads from: 'Published on …' (green, as the snapshot's stamp) or 'Live ranking'. */
export function BoardSourceBadge({ publishedAt }: { publishedAt: string | null }) {
  return <Badge tone={publishedAt ? 'green' : 'indigo'}>{boardSourceLabel(publishedAt)}</Badge>;
}

export type BoardView = 'published' | 'live';

/** Published or Live: two pressed-state buttons, shown once a period has been published. */
export function BoardViewToggle({ view, onChange }: { view: BoardView; onChange: (view: BoardView) => void }) {
  return (
    <div role="group" aria-label="Leaderboard view" className="inline-flex rounded-lg bg-slate-100 p-1">
      {(['published', 'live'] as const).map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={view === v}
          onClick={() => onChange(v)}
          className={
            'rounded-md px-3 py-1 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ' +
            (view === v ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900')
          }
        >
          {v === 'published' ? 'Published' : 'Live'}
        </button>
      ))}
    </div>
  );
}

/**
 * Which view a leaderboard screen shows. A published period that is over opens on its snapshot; the period in
 * progress opens live (it still moves). A choice holds for the period it was made for.
 */
export function useBoardView(query: LeaderboardQuery, generatedAt: string | null | undefined): [BoardView, (view: BoardView) => void] {
  const key = `${query.type}:${query.year}-${query.month}`;
  const [choice, setChoice] = useState<{ key: string; view: BoardView } | null>(null);
  if (!generatedAt) return ['live', (view) => setChoice({ key, view })];
  const fallback: BoardView = isCurrentPeriod(query, new Date(), companyZone()) ? 'live' : 'published';
  return [choice?.key === key ? choice.view : fallback, (view) => setChoice({ key, view })];
}
