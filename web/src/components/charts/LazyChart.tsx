import { lazy, Suspense } from 'react';
import type { ChartProps } from './Chart';

const Chart = lazy(() => import('./Chart'));

/** A chart whose library (~155 kB gzip) loads only when a chart is first shown. */
export function LazyChart(props: ChartProps) {
  const height = props.height ?? 300;
  return (
    <Suspense fallback={<div className="animate-pulse rounded-lg bg-slate-100" style={{ height }} aria-label="Loading chart" />}>
      <Chart {...props} />
    </Suspense>
  );
}
export type { ChartProps };
