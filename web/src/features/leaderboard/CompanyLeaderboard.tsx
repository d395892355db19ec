import { useAtomValue } from '../../app/store';
import { Button, Card, PageHeader, SectionSpinner } from '../../components/ui';
import { sessionUserAtom } from '../session/atoms';
import { loadLeaderboard } from './actions';
import { LeaderboardList } from './LeaderboardList';
import { LeaderboardRow } from './LeaderboardRow';
import { PeriodSelector } from './PeriodSelector';
import { PositionCard } from './PositionCard';
import { BoardViewToggle, PublishedBoard, useBoardView } from './PublishedBoard';
import { periodLabel, periodOf, rankedCount, topTen } from './rules';
import { useLeaderboard } from './useLeaderboard';

/**
 * Company Leaderboard (executive, SPEC §2): the chosen period's ranking with the executive's own position.
 * The current month's board moves live as tasks are scored (LeaderboardRealtimeEffect).
 */
export function CompanyLeaderboard() {
  const userId = useAtomValue(sessionUserAtom)?._id ?? null;
  const { query, board, status, choose } = useLeaderboard();
  const loading = status === 'idle' || status === 'loading';
  const period = board?.period ?? periodOf(query);
  const entries = board?.entries ?? [];
  const top = topTen(entries);
  const mine = userId ? entries.find((e) => e.user._id === userId) : undefined;
  const beyondTop = mine !== undefined && !top.includes(mine);
  const [view, setView] = useBoardView(query, board?.generatedAt);

  return (
    <section aria-labelledby="company-leaderboard-heading">
      <PageHeader title={<span id="company-leaderboard-heading">Company Leaderboard</span>} subtitle="See how you rank among your colleagues." />
      <div className="space-y-6">
        <Card className="p-4 sm:p-5">
          <PeriodSelector type={query.type} year={query.year} month={query.month} onChange={choose} />
        </Card>

        {loading ? (
          <SectionSpinner />
        ) : (
          <>
            {mine && board && (
              <PositionCard
                title="My Current Position"
                rank={mine.rank}
                primary={`Rank #${mine.rank} of ${board.totalExecutives} executives`}
                secondary={periodLabel(period)}
                totalScore={mine.totalScore}
              />
            )}
            <Card className="p-4 sm:p-6">
              <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
                <div>
                  <h3 className="text-lg font-semibold text-slate-900">{periodLabel(period)} Leaderboard</h3>
                  {view === 'live' && <p className="mt-0.5 text-sm text-slate-500">{rankedCount(entries.length)}</p>}
                </div>
                {board?.generatedAt && <BoardViewToggle view={view} onChange={setView} />}
                {status === 'error' && (
                  <Button variant="secondary" size="sm" onClick={() => void loadLeaderboard(query)}>
                    Try Again
                  </Button>
                )}
              </div>
              {view === 'published' && board?.generatedAt ? (
                <PublishedBoard query={query} generatedAt={board.generatedAt} currentUserId={userId} />
              ) : (
                <LeaderboardList
                  title="Top 10 Executives"
                  entries={top}
                  currentUserId={userId}
                  scope={`${query.type}:${period.year}-${period.month ?? ''}`}
                  empty={{ title: 'No leaderboard data', description: 'Leaderboard will be available once rankings are generated.' }}
                />
              )}
            </Card>
            {beyondTop && mine && (
              <section aria-labelledby="your-position-heading">
                <Card className="border-indigo-200 p-4 sm:p-6">
                  <h3 id="your-position-heading" className="mb-3 text-base font-semibold text-slate-900">
                    Your Position
                  </h3>
                  <ol aria-label="Your Position">
                    <LeaderboardRow entry={mine} you />
                  </ol>
                </Card>
              </section>
            )}
          </>
        )}
      </div>
    </section>
  );
}
