import { useId } from 'react';
import { Badge, Card } from '../../components/ui';
import { completionHealth, growthHealth, scoreHealth, type HealthReading } from './health';
import { oneDecimal } from './format';

interface Row {
  label: string;
  figure: string;
  reading: HealthReading<string>;
}

/** The health indicators (docs/product.md#business-rules-and-constants): system score, completion rate and number of companies, each read by threshold. */
export function HealthIndicators({ averageScore, completionRatePercent, companies }: { averageScore: number; completionRatePercent: number; companies: number }) {
  const headingId = useId();
  const rows: Row[] = [
    { label: 'System Performance', figure: `Average score ${oneDecimal(averageScore)}/10`, reading: scoreHealth(averageScore) },
    { label: 'Task Completion', figure: `${completionRatePercent}% of tasks completed`, reading: completionHealth(completionRatePercent) },
    { label: 'Platform Growth', figure: `${companies} ${companies === 1 ? 'company' : 'companies'}`, reading: growthHealth(companies) },
  ];
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <Card className="h-full p-4 sm:p-5">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          Health Indicators
        </h3>
        <ul className="mt-3 divide-y divide-slate-100">
          {rows.map((row) => (
            <li key={row.label}>
              <div role="group" aria-label={row.label} className="flex items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="text-sm font-medium text-slate-900">{row.label}</p>
                  <p className="text-xs text-slate-500">{row.figure}</p>
                </div>
                <Badge tone={row.reading.tone}>{row.reading.label}</Badge>
              </div>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
