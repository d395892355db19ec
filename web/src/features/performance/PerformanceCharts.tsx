import type { ExecutiveStats } from '@kpi/contracts';
import { useMemo, type ReactNode } from 'react';
import { LazyChart, type ChartProps } from '../../components/charts/LazyChart';
import { Card } from '../../components/ui';
import { revealMarkers } from '../stats/charts';
import { longMonth, shortMonth, trendPoint } from './rules';

const CHART_HEIGHT = 300;
const INDIGO = '#4f46e5';
const SCORE_AXIS = { min: 0, max: 10, tickAmount: 5, labels: { formatter: (v: number) => v.toFixed(0) } };
const reducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="min-w-0 p-4 sm:p-5">
      <h3 className="mb-2 text-base font-semibold text-slate-900">{title}</h3>
      <figure aria-label={title} className="min-w-0">
        {children}
      </figure>
    </Card>
  );
}

/** 'Monthly Performance Trend' (line, score per month) and 'Score Breakdown' (bars), both on a 0-10 axis. */
export function PerformanceCharts({ stats }: { stats: ExecutiveStats }) {
  const trend = useMemo(() => {
    const months = stats.monthlyScores.map((m) => m.month);
    const options: ChartProps['options'] = {
      // Months without scores are gaps; a month alone between gaps is only its marker, shown once drawn.
      chart: { zoom: { enabled: false }, animations: { enabled: !reducedMotion() }, events: { mounted: revealMarkers, updated: revealMarkers } },
      colors: [INDIGO],
      stroke: { curve: 'smooth', width: 3 },
      markers: { size: 4, strokeWidth: 0, hover: { size: 6 } },
      dataLabels: { enabled: false },
      grid: { borderColor: '#e2e8f0', strokeDashArray: 4 },
      xaxis: { categories: months.map(shortMonth), tooltip: { enabled: false } },
      yaxis: SCORE_AXIS,
      tooltip: {
        x: { formatter: (_value: number, opts?: { dataPointIndex?: number }) => longMonth(months[opts?.dataPointIndex ?? -1] ?? '') },
        y: { formatter: (v: number | null) => (v === null || v === undefined ? 'No score' : `${v.toFixed(1)}/10`) },
      },
    };
    return { series: [{ name: 'Score', data: stats.monthlyScores.map(trendPoint) }], options };
  }, [stats.monthlyScores]);

  const breakdown = useMemo(() => {
    const { qualityAverage, timeAverage, initiativeAverage } = stats.scoreBreakdown;
    const options: ChartProps['options'] = {
      chart: { animations: { enabled: !reducedMotion() } },
      colors: [INDIGO, '#0ea5e9', '#10b981'],
      plotOptions: { bar: { distributed: true, borderRadius: 6, columnWidth: '45%' } },
      legend: { show: false },
      dataLabels: { enabled: true, formatter: (v: number) => v.toFixed(1), style: { fontSize: '12px' } },
      grid: { borderColor: '#e2e8f0', strokeDashArray: 4 },
      xaxis: { categories: ['Quality', 'Time', 'Initiative'] },
      yaxis: SCORE_AXIS,
      tooltip: { y: { formatter: (v: number) => `${v.toFixed(1)}/10` } },
    };
    return { series: [{ name: 'Average Score', data: [qualityAverage, timeAverage, initiativeAverage] }], options };
  }, [stats.scoreBreakdown]);

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartCard title="Monthly Performance Trend">
        <LazyChart type="line" series={trend.series} options={trend.options} height={CHART_HEIGHT} />
      </ChartCard>
      <ChartCard title="Score Breakdown">
        <LazyChart type="bar" series={breakdown.series} options={breakdown.options} height={CHART_HEIGHT} />
      </ChartCard>
    </div>
  );
}
