import { useId } from 'react';
import { LazyChart } from '../../components/charts/LazyChart';
import { Card, cx } from '../../components/ui';
import { ChartIcon } from '../../components/ui/icons';
import type { ChartSpec } from './charts';

export const CHART_HEIGHT = 300;

interface ChartCardProps {
  title: string;
  subtitle?: string;
  /** null: nothing to draw, the empty line shows instead. */
  chart: ChartSpec | null;
  empty?: string;
  className?: string;
}

/** One titled chart (300 px high: docs/product.md#business-rules-and-constants); with no data, a quiet line of the same height instead. */
export function ChartCard({ title, subtitle, chart, empty = 'No scored tasks yet', className }: ChartCardProps) {
  const headingId = useId();
  return (
    // min-w-0 here and below: a grid item is as wide as its content by default, and apexcharts sizes itself
    // to its parent, so without it a chart drawn wide never shrinks with the window.
    <section aria-labelledby={headingId} className={cx('min-w-0', className)}>
      <Card className="h-full p-4 sm:p-5">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          {title}
        </h3>
        {subtitle && <p className="mt-0.5 text-xs text-slate-500">{subtitle}</p>}
        <div className="mt-3 min-w-0">
          {chart ? (
            <LazyChart type={chart.type} series={chart.series} options={chart.options} height={CHART_HEIGHT} />
          ) : (
            <div className="flex flex-col items-center justify-center rounded-xl border border-dashed border-slate-200 bg-slate-50/60 text-center" style={{ height: CHART_HEIGHT }}>
              <ChartIcon className="h-8 w-8 text-slate-300" />
              <p className="mt-2 text-sm text-slate-500">{empty}</p>
            </div>
          )}
        </div>
      </Card>
    </section>
  );
}
