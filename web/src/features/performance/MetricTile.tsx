import type { ReactNode } from 'react';
import { Card, cx } from '../../components/ui';

const tones = {
  indigo: 'bg-indigo-50 text-indigo-600',
  green: 'bg-emerald-50 text-emerald-600',
  amber: 'bg-amber-50 text-amber-600',
  sky: 'bg-sky-50 text-sky-600',
} as const;

/** A figure tile (label, formatted value, icon); a named group, so "Current Rank #2 of 5" reads as one thing. */
export function MetricTile({ label, value, icon, tone }: { label: string; value: string; icon: ReactNode; tone: keyof typeof tones }) {
  return (
    <Card className="p-3 sm:p-5">
      <div role="group" aria-label={label} className="flex items-center gap-3 sm:gap-4">
        <div aria-hidden="true" className={cx('hidden h-11 w-11 shrink-0 items-center justify-center rounded-xl sm:flex', tones[tone])}>
          {icon}
        </div>
        <div className="min-w-0">
          <p className="text-xs font-medium leading-tight text-slate-500 sm:text-sm">{label}</p>
          <p className="truncate text-2xl font-semibold tabular-nums text-slate-900">{value}</p>
        </div>
      </div>
    </Card>
  );
}
