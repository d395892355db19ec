import { useId, type ReactNode } from 'react';
import { Card } from '../../components/ui';

/**
 * A titled table whose columns scroll sideways inside the card on a narrow screen (never the page). The
 * scroller takes focus so a keyboard can scroll it too.
 */
export function TableCard({ title, children, empty }: { title: string; children: ReactNode; empty?: ReactNode }) {
  const headingId = useId();
  return (
    <Card className="overflow-hidden">
      <h3 id={headingId} className="px-4 pt-4 text-base font-semibold text-slate-900 sm:px-5 sm:pt-5">
        {title}
      </h3>
      {empty ?? (
        <div role="region" aria-labelledby={headingId} tabIndex={0} className="mt-3 overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600">
          {children}
        </div>
      )}
    </Card>
  );
}

export const thClass = 'whitespace-nowrap px-4 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 first:pl-4 sm:first:pl-5 last:pr-4 sm:last:pr-5';
export const tdClass = 'whitespace-nowrap px-4 py-3 text-sm text-slate-700 first:pl-4 sm:first:pl-5 last:pr-4 sm:last:pr-5';
