import type { Role } from '@kpi/contracts';
import type { ReactNode } from 'react';
import { cx } from './cx';

const tones = {
  gray: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  green: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  red: 'bg-red-50 text-red-700 ring-red-600/20',
  amber: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  indigo: 'bg-indigo-50 text-indigo-700 ring-indigo-600/20',
  purple: 'bg-purple-50 text-purple-700 ring-purple-600/20',
  sky: 'bg-sky-50 text-sky-700 ring-sky-600/20',
} as const;
export type BadgeTone = keyof typeof tones;

export function Badge({ tone = 'gray', children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span className={cx('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset whitespace-nowrap', tones[tone], className)}>
      {children}
    </span>
  );
}

const roleTones: Record<Role, BadgeTone> = { superadmin: 'purple', admin: 'indigo', executive: 'green' };

export function RoleBadge({ role, className }: { role: Role; className?: string }) {
  return <Badge tone={roleTones[role] ?? 'gray'} className={className}>{role}</Badge>;
}

export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? 'green' : 'red'}>{active ? 'Active' : 'Inactive'}</Badge>;
}
