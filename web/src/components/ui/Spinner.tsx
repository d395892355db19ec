import { cx } from './cx';

const sizes = { sm: 'h-4 w-4 border-2', md: 'h-8 w-8 border-[3px]', lg: 'h-12 w-12 border-4' } as const;

export function Spinner({ size = 'md', label = 'Loading', className }: { size?: keyof typeof sizes; label?: string; className?: string }) {
  return (
    <span role="status" aria-label={label} className={cx('inline-block animate-spin rounded-full border-indigo-200 border-t-indigo-600', sizes[size], className)} />
  );
}

export function FullPageSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50">
      <Spinner size="lg" />
    </div>
  );
}

/** A centred spinner for a section that is loading its data. */
export function SectionSpinner() {
  return (
    <div className="flex justify-center py-16">
      <Spinner />
    </div>
  );
}
