import type { ReactNode } from 'react';
import { Card } from './Card';
import { cx } from './cx';

const tones = {
  indigo: 'bg-indigo-50 text-indigo-600',
  green: 'bg-emerald-50 text-emerald-600',
  amber: 'bg-amber-50 text-amber-600',
  red: 'bg-red-50 text-red-600',
  sky: 'bg-sky-50 text-sky-600',
  violet: 'bg-violet-50 text-violet-600',
  rose: 'bg-rose-50 text-rose-600',
} as const;
export type StatTone = keyof typeof tones;

interface StatTileProps {
  label: string;
  /** Already formatted: 3, '7.8', '12/20', '60%'. */
  value: ReactNode;
  icon: ReactNode;
  tone: StatTone;
  /** A line under the figure ('out of 10'). */
  hint?: ReactNode;
  className?: string;
}

/** A figure tile: label, value, icon; a named group, so "Pending Review 3" reads as one thing. */
export function StatTile({ label, value, icon, tone, hint, className }: StatTileProps) {
  return (
    <Card className={cx('p-3 sm:p-5', className)}>
      <div role="group" aria-label={label} className="flex items-center gap-3 sm:gap-4">
        {/* On a phone the tiles sit side by side: the icon gives its room to the number. */}
        <div aria-hidden="true" className={cx('hidden h-11 w-11 shrink-0 items-center justify-center rounded-xl sm:flex', tones[tone])}>
          {icon}
        </div>
        <div className="min-w-0">
          <p className="text-xs font-medium leading-tight text-slate-500 sm:text-sm">{label}</p>
          <p className="truncate text-2xl font-semibold tabular-nums text-slate-900">{value}</p>
          {hint && <p className="truncate text-xs text-slate-500">{hint}</p>}
        </div>
      </div>
    </Card>
  );
}
