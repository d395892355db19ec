import { PERFORMANCE_LEVELS, SCORE_MAX, type LevelCount } from '@kpi/contracts';
import type { ChartProps } from '../../components/charts/LazyChart';
import { LEVEL_LABELS, isScored, monthLabel, oneDecimal } from './format';

/**
 * What each statistics chart draws, as pure data: `null` when there is nothing to draw, so the screen shows
 * an empty-state line instead of an axis of zeros (and a pie of nothing, which apexcharts cannot draw).
 */
export interface ChartSpec {
  type: ChartProps['type'];
  series: NonNullable<ChartProps['series']>;
  options: NonNullable<ChartProps['options']>;
}

/** Pie colours (docs/product.md#business-rules-and-constants): green, amber, red (excellent, satisfactory, underperforming). */
export const LEVEL_COLOURS = { excellent: '#10b981', satisfactory: '#f59e0b', underperforming: '#ef4444' } as const;
const INDIGO = '#4f46e5';
const VIOLET = '#7c3aed';
const EMERALD = '#10b981';
const AXIS_TEXT = '#64748b';

const base = (): NonNullable<ChartProps['options']> => ({
  chart: { zoom: { enabled: false }, parentHeightOffset: 0, animations: { enabled: true, speed: 400 } },
  grid: { borderColor: '#e2e8f0', strokeDashArray: 4 },
  dataLabels: { enabled: false },
  legend: { show: false },
});

const scoreAxis = { min: 0, max: SCORE_MAX, tickAmount: 5, labels: { style: { colors: AXIS_TEXT }, formatter: (v: number) => v.toFixed(0) } };
const categoryAxis = (categories: string[]) => ({
  categories,
  labels: { style: { colors: AXIS_TEXT }, hideOverlappingLabels: true, trim: true },
  axisBorder: { show: false },
  axisTicks: { show: false },
  tooltip: { enabled: false },
});
/** Room for the first and last month's marker, which sit on the plot's edges. */
const edgePadding = { borderColor: '#e2e8f0', strokeDashArray: 4, padding: { left: 10, right: 14 } };
const scoreTooltip = { y: { formatter: (v: number | null) => (v === null || v === undefined ? 'No scored tasks' : `${oneDecimal(v)} / 10`) } };

/**
 * apexcharts shows a line's markers once the line has drawn itself in; months that stand alone between gaps
 * have no line to draw, so their markers would stay hidden for good. Show them once the chart is in the page.
 */
export function revealMarkers(chart: { el?: Element }): void {
  chart.el?.querySelectorAll('.apexcharts-series-markers-wrap.apexcharts-element-hidden').forEach((el) => el.classList.remove('apexcharts-element-hidden'));
}

/** Average score per month, 0–10. Months with nothing scored are gaps, not zeros. */
export function scoreTrendChart(months: { month: string; averageScore: number }[], name = 'Average Score'): ChartSpec | null {
  if (!months.some((m) => isScored(m.averageScore))) return null;
  return {
    type: 'line',
    series: [{ name, data: months.map((m) => (isScored(m.averageScore) ? m.averageScore : null)) }],
    options: {
      ...base(),
      chart: { ...base().chart, events: { mounted: revealMarkers, updated: revealMarkers } },
      colors: [INDIGO],
      stroke: { curve: 'smooth', width: 3 },
      markers: { size: 5, strokeWidth: 0, hover: { size: 7 } },
      grid: edgePadding,
      xaxis: categoryAxis(months.map((m) => monthLabel(m.month))),
      yaxis: scoreAxis,
      tooltip: scoreTooltip,
    },
  };
}

/** Average score per group (department, company), 0–10, the figure on top of each bar. */
export function scoreBarChart(groups: { name: string; averageScore: number }[], name = 'Average Score'): ChartSpec | null {
  if (!groups.some((g) => isScored(g.averageScore))) return null;
  return {
    type: 'bar',
    series: [{ name, data: groups.map((g) => g.averageScore) }],
    options: {
      ...base(),
      colors: [VIOLET],
      plotOptions: { bar: { borderRadius: 6, borderRadiusApplication: 'end', columnWidth: groups.length <= 3 ? '32%' : groups.length <= 6 ? '45%' : '60%', dataLabels: { position: 'top' } } },
      dataLabels: { enabled: true, offsetY: -20, style: { fontSize: '12px', colors: ['#334155'] }, formatter: (v: number) => (isScored(v) ? oneDecimal(v) : '') },
      xaxis: categoryAxis(groups.map((g) => g.name)),
      yaxis: scoreAxis,
      tooltip: scoreTooltip,
    },
  };
}

/** Executives per performance level, always in the order and colours green, amber, red. */
export function distributionChart(distribution: LevelCount[]): ChartSpec | null {
  const counts = PERFORMANCE_LEVELS.map((level) => distribution.find((d) => d.level === level)?.count ?? 0);
  if (counts.every((c) => c === 0)) return null;
  return {
    type: 'pie',
    series: counts,
    options: {
      ...base(),
      labels: PERFORMANCE_LEVELS.map((level) => LEVEL_LABELS[level]),
      colors: PERFORMANCE_LEVELS.map((level) => LEVEL_COLOURS[level]),
      legend: { show: true, position: 'bottom', fontSize: '13px', labels: { colors: '#334155' } },
      dataLabels: { enabled: true, dropShadow: { enabled: false } },
      stroke: { width: 2, colors: ['#ffffff'] },
      tooltip: { y: { formatter: (v: number) => `${v} ${v === 1 ? 'executive' : 'executives'}` } },
    },
  };
}

/** Tasks scored (completed) per month, as a filled area. */
export function completionTrendChart(months: { month: string; tasksCompleted: number }[]): ChartSpec | null {
  if (!months.some((m) => m.tasksCompleted > 0)) return null;
  return {
    type: 'area',
    series: [{ name: 'Tasks Completed', data: months.map((m) => m.tasksCompleted) }],
    options: {
      ...base(),
      colors: [EMERALD],
      stroke: { curve: 'smooth', width: 2 },
      fill: { type: 'gradient', gradient: { shadeIntensity: 1, opacityFrom: 0.35, opacityTo: 0.05, stops: [0, 100] } },
      markers: { size: 3, strokeWidth: 0 },
      grid: edgePadding,
      xaxis: categoryAxis(months.map((m) => monthLabel(m.month))),
      yaxis: { min: 0, forceNiceScale: true, labels: { style: { colors: AXIS_TEXT }, formatter: (v: number) => String(Math.round(v)) } },
      tooltip: { y: { formatter: (v: number) => `${v} ${v === 1 ? 'task' : 'tasks'}` } },
    },
  };
}
