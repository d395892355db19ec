import type { Announcement } from '@kpi/contracts';
import { useId } from 'react';
import { Badge, Card, cx } from '../../components/ui';
import { PinIcon } from './icons';
import { PriorityBadge } from './PriorityBadge';
import { RelativeTime } from './RelativeTime';

const accent: Record<string, string> = { urgent: 'border-l-red-500', high: 'border-l-amber-500', medium: 'border-l-sky-500' };

/** One announcement as an executive reads it: title, priority, content, how long ago and by whom. */
export function AnnouncementCard({ announcement: a }: { announcement: Announcement }) {
  const titleId = useId();
  return (
    <li>
      <Card className={cx('border-l-4 p-5', accent[a.priority] ?? 'border-l-slate-300', a.isPinned && 'bg-indigo-50/40')}>
        <article aria-labelledby={titleId}>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-3">
            <h4 id={titleId} className="min-w-0 flex-1 text-base font-semibold text-slate-900 break-words">
              {a.title}
            </h4>
            <div className="flex shrink-0 items-center gap-2">
              {a.isPinned && (
                <Badge tone="indigo" className="gap-1">
                  <PinIcon className="h-3 w-3" />
                  PINNED
                </Badge>
              )}
              <PriorityBadge priority={a.priority} />
            </div>
          </div>
          <p className="mt-3 whitespace-pre-line text-sm text-slate-700 break-words">{a.content}</p>
          <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
            <RelativeTime value={a.createdAt} />
            <span aria-hidden="true">·</span>
            <span>By {a.author?.name ?? 'Unknown'}</span>
          </p>
        </article>
      </Card>
    </li>
  );
}
