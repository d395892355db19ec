import type { CompanyStats } from '@kpi/contracts';
import { useEffect, useMemo, useState } from 'react';
import { store, useAtomValue } from '../../lib/store';
import { Badge, Button, EmptyState, PageHeader, StatTile } from '../../components/ui';
import { ChartIcon, ClipboardIcon, UsersIcon } from '../../components/ui/icons';
import { sessionUserAtom } from '../../session/atoms';
import { companyIdOf } from '../../session/homePath';
import { downloadCompanyStatsCsv, loadCompanyStats } from './actions';
import { companyStatsAtom, companyStatsStatusAtom } from './atoms';
import { ChartCard } from './ChartCard';
import { completionTrendChart, distributionChart, scoreBarChart, scoreTrendChart } from './charts';
import { completionRate, groupLevel, isScored, oneDecimal } from './format';
import { CheckCircleIcon, DownloadIcon, StarIcon } from './icons';
import { StatsSkeleton } from './StatsSkeleton';
import { TableCard, tdClass, thClass } from './TableCard';

/**
 * Company Statistics (admin): four summary cards, four charts and the department table, from
 * GET /kpi/company/{id}; CompanyStatsRealtimeEffect refetches them quietly as work is scored.
 */
export function CompanyStatsView() {
  const user = useAtomValue(sessionUserAtom);
  const companyId = user?.role === 'admin' ? companyIdOf(user) : null;
  const stats = useAtomValue(companyStatsAtom);
  const status = useAtomValue(companyStatsStatusAtom);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    if (!companyId) return;
    // Coming back to the screen refreshes what it shows without the skeleton.
    void loadCompanyStats(companyId, { quiet: store.get(companyStatsStatusAtom) === 'ready' });
  }, [companyId]);

  const download = async () => {
    if (!companyId) return;
    setDownloading(true);
    try {
      await downloadCompanyStatsCsv(companyId);
    } finally {
      setDownloading(false);
    }
  };

  const csvButton = (
    <Button variant="secondary" icon={<DownloadIcon className="h-4 w-4" />} onClick={() => void download()} loading={downloading} disabled={!companyId || !stats}>
      Download CSV
    </Button>
  );

  return (
    <section aria-labelledby="company-stats-heading">
      <PageHeader
        title={<span id="company-stats-heading">Company Statistics</span>}
        subtitle="All-time figures for your company, and the last 12 months month by month."
        actions={csvButton}
      />
      {!companyId ? (
        <EmptyState icon={<ChartIcon />} title={<span className="font-semibold text-slate-900">No company assigned to your account</span>} />
      ) : stats ? (
        <CompanyStatsBody stats={stats} />
      ) : status === 'error' ? (
        <EmptyState
          icon={<ChartIcon />}
          title={<span className="font-semibold text-slate-900">No statistics available</span>}
          action={<Button variant="secondary" onClick={() => void loadCompanyStats(companyId)}>Try Again</Button>}
        />
      ) : (
        <StatsSkeleton label="Loading company statistics" />
      )}
    </section>
  );
}

function CompanyStatsBody({ stats }: { stats: CompanyStats }) {
  const rate = completionRate(stats.completedTasks, stats.totalTasks);
  const charts = useMemo(
    () => ({
      trend: scoreTrendChart(stats.monthlyPerformance),
      departments: scoreBarChart(stats.departmentStats.map((d) => ({ name: d.department, averageScore: d.averageScore }))),
      distribution: distributionChart(stats.performanceDistribution),
      completion: completionTrendChart(stats.monthlyPerformance),
    }),
    [stats],
  );

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-2 sm:gap-4 lg:grid-cols-4">
        <StatTile label="Total Executives" value={stats.totalExecutives} tone="indigo" icon={<UsersIcon />} />
        <StatTile label="Total Tasks" value={stats.totalTasks} tone="sky" icon={<ClipboardIcon />} />
        <StatTile label="Completed Tasks" value={stats.completedTasks} hint={`${rate}% completion`} tone="green" icon={<CheckCircleIcon />} />
        <StatTile label="Average Score" value={oneDecimal(stats.averageScore)} hint="out of 10" tone="amber" icon={<StarIcon />} />
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <ChartCard title="Monthly Performance Trend" subtitle="Average task score per month (0-10)" chart={charts.trend} />
        <ChartCard title="Department Performance" subtitle="Average task score per department (0-10)" chart={charts.departments} />
        <ChartCard title="Performance Distribution" subtitle="Executives by their average score" chart={charts.distribution} />
        <ChartCard title="Task Completion Trend" subtitle="Tasks completed per month" chart={charts.completion} empty="No tasks completed yet" />
      </div>

      <TableCard
        title="Department Details"
        empty={
          stats.departmentStats.length === 0 ? <p className="px-4 pb-5 pt-2 text-sm text-slate-500 sm:px-5">No departments yet: add executives to see them here.</p> : undefined
        }
      >
        <table className="min-w-full divide-y divide-slate-200">
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={thClass}>Department</th>
              <th scope="col" className={thClass}>Executives</th>
              <th scope="col" className={thClass}>Average Score</th>
              <th scope="col" className={thClass}>Performance Level</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {stats.departmentStats.map((d) => {
              const level = groupLevel(d.averageScore);
              return (
                <tr key={d.department}>
                  <th scope="row" className={`${tdClass} text-left font-medium text-slate-900`}>{d.department}</th>
                  <td className={`${tdClass} tabular-nums`}>{d.executiveCount}</td>
                  <td className={`${tdClass} tabular-nums`}>{isScored(d.averageScore) ? oneDecimal(d.averageScore) : '—'}</td>
                  <td className={tdClass}>
                    <Badge tone={level.tone}>{level.label}</Badge>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableCard>
    </div>
  );
}
