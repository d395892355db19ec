import type { ReactNode } from 'react';
import { Card } from './Card';
import { cx } from './cx';

const tones = {
  indigo: 'bg-indigo-50 text-indigo-600',
  green: 'bg-emerald-50 text-emerald-600',
  amber: 'bg-amber-50 text-amber-600',
  red: 'bg-red-50 text-red-600',
  sky: 'bg-sky-50 text-sky-600',
} as const;

/** A figure tile: label, value, icon; a named group, so "Pending Review 3" reads as one thing. */
export function StatTile({ label, value, icon, tone }: { label: string; value: ReactNode; icon: ReactNode; tone: keyof typeof tones }) {
  return (
    <Card className="p-3 sm:p-5">
      <div role="group" aria-label={label} className="flex items-center gap-3 sm:gap-4">
        {/* On a phone the tiles sit side by side: the icon gives its room to the number. */}
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
