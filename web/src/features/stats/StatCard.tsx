import type { ReactNode } from 'react';
import { Card, cx } from '../../components/ui';

const tones = {
  indigo: 'bg-indigo-50 text-indigo-600',
  green: 'bg-emerald-50 text-emerald-600',
  amber: 'bg-amber-50 text-amber-600',
  violet: 'bg-violet-50 text-violet-600',
  sky: 'bg-sky-50 text-sky-600',
  rose: 'bg-rose-50 text-rose-600',
} as const;
export type StatTone = keyof typeof tones;

/**
 * A summary figure: label, value (already formatted: '7.8', '12/20', '60%'), an optional line under it.
 * A named group, so "Average Score 7.8" reads as one thing (like the task screens' StatTile).
 */
export function StatCard({ label, value, hint, icon, tone, className }: { label: string; value: string | number; hint?: ReactNode; icon: ReactNode; tone: StatTone; className?: string }) {
  return (
    <Card className={cx('p-3 sm:p-5', className)}>
      <div role="group" aria-label={label} className="flex items-center gap-3 sm:gap-4">
        {/* On a phone the cards sit two abreast: the icon gives its room to the figure. */}
        <div aria-hidden="true" className={cx('hidden h-11 w-11 shrink-0 items-center justify-center rounded-xl sm:flex', tones[tone])}>
          {icon}
        </div>
        <div className="min-w-0">
          <p className="text-xs font-medium leading-tight text-slate-500 sm:text-sm">{label}</p>
          <p className="text-2xl font-semibold tabular-nums text-slate-900">{value}</p>
          {hint && <p className="truncate text-xs text-slate-500">{hint}</p>}
        </div>
      </div>
    </Card>
  );
}
