import type { ExecutiveStats } from '@kpi/contracts';
import { useEffect } from 'react';
import { store, useAtomValue } from '../../lib/store';
import { Button, Card, EmptyState, PageHeader, SectionSpinner } from '../../components/ui';
import { AwardIcon, ChartLineIcon, ClipboardIcon, TrophyIcon } from '../../components/ui/icons';
import { LeaderboardList } from '../leaderboard/LeaderboardList';
import { LevelPill } from '../leaderboard/LeaderboardRow';
import { PeriodSelector } from '../leaderboard/PeriodSelector';
import { PositionCard } from '../leaderboard/PositionCard';
import { oneDecimal, periodLabel } from '../leaderboard/rules';
import { sessionUserAtom } from '../../session/atoms';
import { choosePerformancePeriod, loadPerformance } from './actions';
import { performanceQueryAtom, performanceStatsAtom, performanceStatusAtom, performanceTop10Atom } from './atoms';
import { StatTile } from '../../components/ui/StatTile';
import { PerformanceCharts } from './PerformanceCharts';
import { completionRate, rankText } from './rules';

const METRICS = [
  { label: 'Quality Score', hint: 'Average quality of work delivered', key: 'qualityAverage', bar: 'bg-indigo-500' },
  { label: 'Time Score', hint: 'Timeliness of task completion', key: 'timeAverage', bar: 'bg-sky-500' },
  { label: 'Initiative Score', hint: 'Proactiveness and innovation', key: 'initiativeAverage', bar: 'bg-emerald-500' },
] as const;

function DetailedMetrics({ breakdown }: { breakdown: ExecutiveStats['scoreBreakdown'] }) {
  return (
    <section aria-labelledby="detailed-metrics-heading">
      <Card className="p-4 sm:p-6">
        <h3 id="detailed-metrics-heading" className="mb-4 text-base font-semibold text-slate-900">
          Detailed Performance Metrics
        </h3>
        <ul className="grid gap-4 lg:grid-cols-3">
        {METRICS.map((m) => {
          const value = breakdown[m.key];
          return (
            <li key={m.key} className="rounded-xl border border-slate-200 p-4">
              <div role="group" aria-label={m.label}>
              <div className="flex items-baseline justify-between gap-2">
                <p className="font-medium text-slate-900">{m.label}</p>
                <p className="text-lg font-semibold tabular-nums text-slate-900">{oneDecimal(value)}/10</p>
              </div>
              <p className="mt-0.5 text-sm text-slate-500">{m.hint}</p>
              <div className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                <div className={`h-full rounded-full ${m.bar}`} style={{ width: `${Math.max(0, Math.min(100, value * 10))}%` }} />
              </div>
              </div>
            </li>
          );
        })}
        </ul>
      </Card>
    </section>
  );
}

/**
 * Performance Dashboard (executive, docs/product.md#executive): figures, level, two charts, the company's top 10 for the chosen
 * month with the executive's own position, and the score breakdown. Kept live by PerformanceRealtimeEffect.
 */
export function PerformanceDashboard() {
  const userId = useAtomValue(sessionUserAtom)?._id ?? null;
  const query = useAtomValue(performanceQueryAtom);
  const stats = useAtomValue(performanceStatsAtom);
  const top10 = useAtomValue(performanceTop10Atom);
  const status = useAtomValue(performanceStatusAtom);

  useEffect(() => {
    if (!userId) return;
    void loadPerformance(store.get(performanceQueryAtom), { quiet: store.get(performanceStatusAtom) === 'ready' });
  }, [userId]);

  const loading = status === 'idle' || status === 'loading';
  const position = top10?.currentUserPosition ?? null;
  const monthLabel = periodLabel(query);

  return (
    <section aria-labelledby="performance-heading">
      <PageHeader title={<span id="performance-heading">Performance Dashboard</span>} subtitle="Your scores, your rank and how they have moved." />
      <div className="space-y-6">
        <Card className="p-4 sm:p-5">
          <PeriodSelector year={query.year} month={query.month} onChange={({ year, month }) => choosePerformancePeriod({ year, month })} />
        </Card>

        {loading ? (
          <SectionSpinner />
        ) : !stats || !top10 ? (
          <EmptyState
            icon={<ChartLineIcon />}
            title={<span className="font-semibold text-slate-900">Failed to fetch performance data</span>}
            action={
              <Button variant="secondary" onClick={() => void loadPerformance(query)}>
                Try Again
              </Button>
            }
          />
        ) : (
          <>
            <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
              <StatTile label="Average Score" value={oneDecimal(stats.averageScore)} tone="indigo" icon={<ChartLineIcon />} />
              <StatTile label="Current Rank" value={rankText(stats)} tone="amber" icon={<TrophyIcon />} />
              <StatTile label="Completion Rate" value={`${completionRate(stats.completedTasks, stats.totalTasks)}%`} tone="green" icon={<ClipboardIcon />} />
              <StatTile label="Badges Earned" value={String(stats.badges)} tone="sky" icon={<AwardIcon />} />
            </div>

            <Card className="flex flex-wrap items-center justify-between gap-3 p-4 sm:p-5">
              <div>
                <h3 className="text-base font-semibold text-slate-900">Performance Level</h3>
                <p className="text-sm text-slate-500">Based on your overall performance metrics</p>
              </div>
              <LevelPill level={stats.performanceLevel} className="px-3! py-1! text-sm!" />
            </Card>

            <PerformanceCharts stats={stats} />

            <Card className="space-y-4 p-4 sm:p-6">
              <div>
                <h3 id="performance-top10-heading" className="text-base font-semibold text-slate-900">
                  Company Leaderboard - Top 10
                </h3>
                <p className="text-sm text-slate-500">{monthLabel}</p>
              </div>
              {position && (
                <PositionCard title="Your Position" rank={position.rank} primary={position.user.name} secondary={position.user.department} totalScore={position.totalScore} />
              )}
              <LeaderboardList
                label="Company Leaderboard - Top 10"
                entries={top10.top10}
                currentUserId={userId}
                scope={`monthly:${query.year}-${query.month}`}
                empty={{ title: 'No leaderboard data', description: 'Complete some tasks to see your ranking.' }}
              />
            </Card>

            <DetailedMetrics breakdown={stats.scoreBreakdown} />
          </>
        )}
      </div>
    </section>
  );
}
