import type { OverallStats } from '@kpi/contracts';
import { useId } from 'react';
import { Card, cx } from '../../components/ui';
import { oneDecimal } from './format';

const medals = ['bg-amber-100 text-amber-800', 'bg-slate-200 text-slate-700', 'bg-orange-100 text-orange-800'];

/** The best companies by average task score, as the api ranks them (those with nothing scored are left out). */
export function TopCompanies({ companies }: { companies: OverallStats['topPerformingCompanies'] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <Card className="h-full p-4 sm:p-5">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          Top Performing Companies
        </h3>
        {companies.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500">No scored tasks yet</p>
        ) : (
          <ol aria-labelledby={headingId} className="mt-3 space-y-3">
            {companies.map((c, i) => (
              <li key={c.companyId} className="flex items-center gap-3">
                <span aria-hidden="true" className={cx('flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold', medals[i] ?? 'bg-indigo-50 text-indigo-700')}>
                  {i + 1}
                </span>
                <div className="min-w-0 flex-1">
                  <div className="flex items-baseline justify-between gap-2">
                    <p className="truncate text-sm font-medium text-slate-900">{c.company}</p>
                    <p className="shrink-0 text-sm font-semibold tabular-nums text-slate-900">
                      {oneDecimal(c.score)}
                      <span className="font-normal text-slate-500">/10</span>
                    </p>
                  </div>
                  <div aria-hidden="true" className="mt-1 h-1.5 rounded-full bg-slate-100">
                    <div className="h-1.5 rounded-full bg-indigo-500" style={{ width: `${Math.min(100, Math.max(0, c.score * 10))}%` }} />
                  </div>
                </div>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </section>
  );
}
