import { useState } from 'react';
import { Badge, Button, Card, LoadMore, PageHeader, SectionSpinner } from '../../components/ui';
import { TrophyIcon } from '../../components/ui/icons';
import { downloadLeaderboardCsv, generateLeaderboard, loadLeaderboard } from './actions';
import { DownloadIcon } from './icons';
import { LeaderboardList } from './LeaderboardList';
import { PeriodSelector } from './PeriodSelector';
import { BoardViewToggle, PublishedBoard, useBoardView } from './PublishedBoard';
import { companyZone } from '../../session/companyClock';
import { periodLabel, periodOf, periodStarted, publishedLabel, rankedCount } from './rules';
import { useLeaderboard } from './useLeaderboard';
import { usePublishedBoard } from './usePublishedBoard';

/**
 * Leaderboards (admin, docs/product.md#admin): the chosen period's top 10 (more page by page with "Show more"), publishing it (Generate Leaderboard) and a CSV
 * download. The current month's board moves live as tasks are scored (LeaderboardRealtimeEffect).
 */
export function AdminLeaderboard() {
  const { query, board, status, choose, more } = useLeaderboard();
  const [generating, setGenerating] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const loading = status === 'idle' || status === 'loading';
  const period = board?.period ?? periodOf(query);
  const entries = board?.entries ?? [];
  const started = periodStarted(query, new Date(), companyZone());
  const published = publishedLabel(board?.generatedAt);
  const [view, setView] = useBoardView(query, board?.generatedAt);
  const snapshot = usePublishedBoard(query, view === 'published' ? (board?.generatedAt ?? null) : null);

  const generate = async () => {
    setGenerating(true);
    await generateLeaderboard(query);
    setGenerating(false);
  };
  const download = async () => {
    setDownloading(true);
    await downloadLeaderboardCsv(query);
    setDownloading(false);
  };

  const actions = (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <div className="flex flex-wrap gap-2 sm:justify-end">
        <Button variant="secondary" icon={<DownloadIcon className="h-4 w-4" />} loading={downloading} disabled={loading} onClick={() => void download()}>
          Download CSV
        </Button>
        <Button
          icon={<TrophyIcon className="h-4 w-4" />}
          loading={generating}
          disabled={!started}
          aria-describedby={started ? undefined : 'generate-hint'}
          onClick={() => void generate()}
        >
          Generate Leaderboard
        </Button>
      </div>
      {!started && (
        <p id="generate-hint" className="text-xs text-slate-500">
          This period has not started yet.
        </p>
      )}
    </div>
  );

  return (
    <section aria-labelledby="leaderboards-heading">
      <PageHeader title={<span id="leaderboards-heading">Leaderboards</span>} subtitle="Rank your executives by period and publish the results." actions={actions} />
      <div className="space-y-6">
        <Card className="p-4 sm:p-5">
          <PeriodSelector type={query.type} year={query.year} month={query.month} onChange={choose} />
        </Card>
        <Card className="p-4 sm:p-6">
          <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
            <div>
              <h3 className="text-lg font-semibold text-slate-900">{periodLabel(period)} Leaderboard</h3>
              {!loading && view === 'live' && <p className="mt-0.5 text-sm text-slate-500">{rankedCount(board?.rankedExecutives ?? 0)}</p>}
            </div>
            <div className="flex flex-wrap items-center gap-2">
              {!loading && board?.generatedAt && <BoardViewToggle view={view} onChange={setView} />}
              {!loading && board && view === 'live' && (published ? <Badge tone="green">{published}</Badge> : <Badge>Not published</Badge>)}
            </div>
            {status === 'error' && (
              <Button variant="secondary" size="sm" onClick={() => void loadLeaderboard(query)}>
                Try Again
              </Button>
            )}
          </div>
          {loading ? (
            <SectionSpinner />
          ) : snapshot ? (
            <PublishedBoard query={query} load={snapshot} />
          ) : (
            <>
              <LeaderboardList
                title="Top 10 Executives"
                entries={entries}
                scope={`${query.type}:${period.year}-${period.month ?? ''}`}
                empty={{ title: 'No leaderboard data' }}
              />
              <LoadMore {...more} label="Show more" />
            </>
          )}
        </Card>
      </div>
    </section>
  );
}
