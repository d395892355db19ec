import type { Leaderboard, LeaderboardEntry } from '@kpi/contracts';
import { useAtomValue } from '../../lib/store';
import { Button, Card, LoadMore, PageHeader, SectionSpinner } from '../../components/ui';
import { sessionUserAtom } from '../../session/atoms';
import { loadLeaderboard } from './actions';
import { LeaderboardList } from './LeaderboardList';
import { LeaderboardRow } from './LeaderboardRow';
import { PeriodSelector } from './PeriodSelector';
import { PositionCard } from './PositionCard';
import { BoardSourceBadge, BoardViewToggle, PublishedBoard, useBoardView } from './PublishedBoard';
import { ownStanding, periodLabel, periodOf, rankedCount } from './rules';
import { useLeaderboard } from './useLeaderboard';
import { usePublishedBoard, type PublishedLoad } from './usePublishedBoard';

/** The board the list shows, which the position cards read too: null while the snapshot asked for loads (or failed). */
interface ShownBoard {
  entries: readonly LeaderboardEntry[];
  totalExecutives: number;
  /** The caller's own row wherever it ranks (the live board sends it with every page); null on a snapshot, which holds everyone. */
  currentUserEntry: LeaderboardEntry | null;
  /** When the snapshot shown was published; null for the live ranking. */
  publishedAt: string | null;
}
function shownBoard(live: Leaderboard | null, published: PublishedLoad | null): ShownBoard | null {
  if (published) return published.state === 'ready' ? { ...published.board, currentUserEntry: null } : null;
  return live && { entries: live.entries, totalExecutives: live.totalExecutives, currentUserEntry: live.currentUserEntry, publishedAt: null };
}

/**
 * Company Leaderboard (executive, docs/product.md#executive): the chosen period's ranking with the executive's own position,
 * both read from the board on screen: the published snapshot or the live ranking, and the cards say which.
 * The current month's live board moves as tasks are scored (LeaderboardRealtimeEffect).
 */
export function CompanyLeaderboard() {
  const userId = useAtomValue(sessionUserAtom)?._id ?? null;
  const { query, board, status, choose, more } = useLeaderboard();
  const loading = status === 'idle' || status === 'loading';
  const period = board?.period ?? periodOf(query);
  const [view, setView] = useBoardView(query, board?.generatedAt);
  const published = usePublishedBoard(query, view === 'published' ? (board?.generatedAt ?? null) : null);
  const shown = shownBoard(board, published);
  const standing = shown && ownStanding(shown.entries, userId, shown.currentUserEntry);
  const source = shown && <BoardSourceBadge publishedAt={shown.publishedAt} />;

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
            {standing && shown && (
              <PositionCard
                title="My Current Position"
                badge={source}
                rank={standing.entry.rank}
                primary={`Rank #${standing.entry.rank} of ${shown.totalExecutives} executives`}
                secondary={periodLabel(period)}
                totalScore={standing.entry.totalScore}
              />
            )}
            <Card className="p-4 sm:p-6">
              <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
                <div>
                  <h3 className="text-lg font-semibold text-slate-900">{periodLabel(period)} Leaderboard</h3>
                  {!published && <p className="mt-0.5 text-sm text-slate-500">{rankedCount(board?.rankedExecutives ?? 0)}</p>}
                </div>
                {board?.generatedAt && <BoardViewToggle view={view} onChange={setView} />}
                {status === 'error' && (
                  <Button variant="secondary" size="sm" onClick={() => void loadLeaderboard(query)}>
                    Try Again
                  </Button>
                )}
              </div>
              {published ? (
                <PublishedBoard query={query} load={published} currentUserId={userId} />
              ) : (
                <>
                  <LeaderboardList
                    title="Top 10 Executives"
                    entries={board?.entries ?? []}
                    currentUserId={userId}
                    scope={`${query.type}:${period.year}-${period.month ?? ''}`}
                    empty={{ title: 'No leaderboard data', description: 'Leaderboard will be available once rankings are generated.' }}
                  />
                  <LoadMore {...more} label="Show more" />
                </>
              )}
            </Card>
            {standing?.beyondTop && (
              <section aria-labelledby="your-position-heading">
                <Card className="border-indigo-200 p-4 sm:p-6">
                  <div className="mb-3 flex flex-wrap items-center gap-2">
                    <h3 id="your-position-heading" className="text-base font-semibold text-slate-900">
                      Your Position
                    </h3>
                    {source}
                  </div>
                  <ol aria-label="Your Position">
                    <LeaderboardRow entry={standing.entry} you />
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
