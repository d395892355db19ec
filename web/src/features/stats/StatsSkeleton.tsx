import { Card } from '../../components/ui';
import { CHART_HEIGHT } from './ChartCard';

const Block = ({ className }: { className: string }) => <div className={`animate-pulse rounded-lg bg-slate-100 ${className}`} />;

/** The shape of a statistics screen while its figures load. */
export function StatsSkeleton({ cards = 4, charts = 4, label = 'Loading statistics' }: { cards?: number; charts?: number; label?: string }) {
  return (
    <div role="status" aria-label={label} aria-busy="true" className="space-y-6">
      <div className="grid grid-cols-2 gap-2 sm:gap-4 lg:grid-cols-4">
        {Array.from({ length: cards }, (_, i) => (
          <Card key={i} className="p-3 sm:p-5">
            <Block className="h-3 w-24" />
            <Block className="mt-3 h-7 w-16" />
          </Card>
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        {Array.from({ length: charts }, (_, i) => (
          <Card key={i} className="p-4 sm:p-5">
            <Block className="h-4 w-40" />
            <div className="mt-4 animate-pulse rounded-lg bg-slate-100" style={{ height: CHART_HEIGHT }} />
          </Card>
        ))}
      </div>
    </div>
  );
}
