import type { OverallStats } from '@kpi/contracts';
import { useEffect, useMemo } from 'react';
import { store, useAtomValue } from '../../lib/store';
import { Button, EmptyState, PageHeader, StatTile } from '../../components/ui';
import { BuildingIcon, ChartIcon, ClipboardIcon, ShieldIcon, UsersIcon } from '../../components/ui/icons';
import { loadOverallStats } from './actions';
import { overallStatsAtom, overallStatsStatusAtom } from './atoms';
import { ChartCard } from './ChartCard';
import { distributionChart, scoreBarChart, scoreTrendChart } from './charts';
import { completionRate, isScored, oneDecimal, ratio } from './format';
import { HealthIndicators } from './HealthIndicators';
import { LayersIcon, PercentIcon, StarIcon } from './icons';
import { StatsSkeleton } from './StatsSkeleton';
import { TableCard, tdClass, thClass } from './TableCard';
import { TopCompanies } from './TopCompanies';

/**
 * Overall System Statistics (superadmin): GET /kpi/overall as cards, charts, the company table, the top
 * companies and the health indicators; OverallStatsRealtimeEffect refetches quietly on system events.
 */
export function OverallStatsView() {
  const stats = useAtomValue(overallStatsAtom);
  const status = useAtomValue(overallStatsStatusAtom);

  useEffect(() => {
    void loadOverallStats({ quiet: store.get(overallStatsStatusAtom) === 'ready' });
  }, []);

  return (
    <section aria-labelledby="overall-stats-heading">
      <PageHeader title={<span id="overall-stats-heading">Overall System Statistics</span>} subtitle="Every company on the platform, all time, and the last 12 months month by month." />
      {stats && stats.totalCompanies > 0 ? (
        <OverallStatsBody stats={stats} />
      ) : stats || status === 'error' ? (
        <EmptyState
          icon={<ChartIcon />}
          title={<span className="font-semibold text-slate-900">No statistics available</span>}
          description={stats ? 'Statistics appear once companies are added.' : undefined}
          action={stats ? undefined : <Button variant="secondary" onClick={() => void loadOverallStats()}>Try Again</Button>}
        />
      ) : (
        <StatsSkeleton cards={4} charts={2} label="Loading overall statistics" />
      )}
    </section>
  );
}

function OverallStatsBody({ stats }: { stats: OverallStats }) {
  const rate = completionRate(stats.completedTasks, stats.totalTasks);
  const charts = useMemo(
    () => ({
      companies: scoreBarChart(stats.companyPerformance.map((c) => ({ name: c.company, averageScore: c.averageScore }))),
      trends: scoreTrendChart(stats.monthlyTrends),
      distribution: distributionChart(stats.performanceDistribution),
    }),
    [stats],
  );

  return (
    <div className="space-y-6">
      <div className="space-y-2 sm:space-y-4">
        <div className="grid grid-cols-2 gap-2 sm:gap-4 lg:grid-cols-4">
          <StatTile label="Total Companies" value={stats.totalCompanies} tone="indigo" icon={<BuildingIcon />} />
          <StatTile label="Total Executives" value={stats.totalExecutives} tone="sky" icon={<UsersIcon />} />
          <StatTile label="Completed/Total Tasks" value={`${stats.completedTasks}/${stats.totalTasks}`} tone="green" icon={<ClipboardIcon />} />
          <StatTile label="System Average" value={oneDecimal(stats.averageScore)} hint="out of 10" tone="amber" icon={<StarIcon />} />
        </div>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-4">
          <StatTile label="Total Admins" value={stats.totalAdmins} tone="violet" icon={<ShieldIcon />} />
          <StatTile label="Completion Rate" value={`${rate}%`} tone="green" icon={<PercentIcon />} />
          <StatTile className="col-span-2 sm:col-span-1" label="Average Tasks per Executive" value={oneDecimal(ratio(stats.totalTasks, stats.totalExecutives))} tone="rose" icon={<LayersIcon />} />
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <ChartCard className="lg:col-span-2" title="Company Performance" subtitle="Average task score per company (0-10)" chart={charts.companies} />
        <ChartCard title="Monthly Trends" subtitle="Average task score per month, all companies (0-10)" chart={charts.trends} />
        <ChartCard title="Performance Distribution" subtitle="Executives by their average score" chart={charts.distribution} />
      </div>

      <TableCard title="Company Details">
        <table className="min-w-full divide-y divide-slate-200">
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={thClass}>Company</th>
              <th scope="col" className={thClass}>Executives</th>
              <th scope="col" className={thClass}>Average Score</th>
              <th scope="col" className={thClass}>Tasks Completed</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {stats.companyPerformance.map((c) => (
              <tr key={c.companyId}>
                <th scope="row" className={`${tdClass} text-left font-medium text-slate-900`}>{c.company}</th>
                <td className={`${tdClass} tabular-nums`}>{c.executiveCount}</td>
                <td className={`${tdClass} tabular-nums`}>{isScored(c.averageScore) ? oneDecimal(c.averageScore) : '—'}</td>
                <td className={`${tdClass} tabular-nums`}>{c.tasksCompleted}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableCard>

      <div className="grid gap-6 lg:grid-cols-2">
        <TopCompanies companies={stats.topPerformingCompanies} />
        <HealthIndicators averageScore={stats.averageScore} completionRatePercent={rate} companies={stats.totalCompanies} />
      </div>
    </div>
  );
}
