import type { ApexOptions } from 'apexcharts';
import ReactApexChart from 'react-apexcharts';
import type { ComponentType } from 'react';

export interface ChartProps {
  type: 'line' | 'bar' | 'pie' | 'donut' | 'area' | 'radialBar';
  series: ApexOptions['series'];
  options?: ApexOptions;
  height?: number;
}

// react-apexcharts 1.7 is CommonJS: under Vite its default import is the module object, not the component.
type ChartComponent = ComponentType<{ type: ChartProps['type']; series: ApexOptions['series']; options?: ApexOptions; height?: number | string }>;
const ApexChart: ChartComponent = (ReactApexChart as unknown as { default?: ChartComponent }).default ?? (ReactApexChart as unknown as ChartComponent);

/** The one place apexcharts is imported. Load it through LazyChart so the library stays out of other pages. */
export default function Chart({ type, series, options, height = 300 }: ChartProps) {
  const merged: ApexOptions = { ...options, chart: { toolbar: { show: false }, fontFamily: 'inherit', ...options?.chart } };
  return <ApexChart type={type} series={series} options={merged} height={height} />;
}
