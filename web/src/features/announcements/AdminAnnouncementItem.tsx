import type { Announcement } from '@kpi/contracts';
import { useId } from 'react';
import { Badge, Button, Card, cx } from '../../components/ui';
import { PencilIcon, TrashIcon } from '../../components/ui/icons';
import { PinIcon } from './icons';
import { PriorityBadge } from './PriorityBadge';
import { RelativeTime } from './RelativeTime';

const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

interface AdminAnnouncementItemProps {
  announcement: Announcement;
  expired: boolean;
  onTogglePin: (announcement: Announcement) => void;
  onEdit: (announcement: Announcement) => void;
  onDelete: (announcement: Announcement) => void;
  pinning: boolean;
  deleting: boolean;
}

/** One announcement in the admin's list: badges, content, author and time, and its pin/edit/delete actions. */
export function AdminAnnouncementItem({ announcement: a, expired, onTogglePin, onEdit, onDelete, pinning, deleting }: AdminAnnouncementItemProps) {
  const titleId = useId();
  return (
    <li>
      <Card className={cx('p-5', a.isPinned && 'border-indigo-200 ring-1 ring-indigo-100', expired && 'bg-slate-50')}>
        <article aria-labelledby={titleId}>
          <div className="flex flex-wrap items-center gap-2">
            {a.isPinned && (
              <Badge tone="indigo" className="gap-1">
                <PinIcon className="h-3 w-3" />
                PINNED
              </Badge>
            )}
            <PriorityBadge priority={a.priority} />
            {expired && <Badge tone="red">Expired</Badge>}
          </div>
          <h3 id={titleId} className={cx('mt-2 break-words text-base font-semibold', expired ? 'text-slate-500' : 'text-slate-900')}>
            {a.title}
          </h3>
          <p className={cx('mt-2 whitespace-pre-line break-words text-sm', expired ? 'text-slate-500' : 'text-slate-700')}>{a.content}</p>
          <div className="mt-4 flex flex-col gap-3 border-t border-slate-100 pt-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
              <span>By {a.author?.name ?? 'Unknown'}</span>
              <span aria-hidden="true">·</span>
              <RelativeTime value={a.createdAt} />
              {a.expiresAt && (
                <>
                  <span aria-hidden="true">·</span>
                  <span>
                    {expired ? 'Expired' : 'Expires'} {dateTime.format(new Date(a.expiresAt))}
                  </span>
                </>
              )}
            </p>
            <div className="flex shrink-0 flex-wrap gap-2">
              <Button
                size="sm"
                variant="secondary"
                loading={pinning}
                icon={<PinIcon className="h-3.5 w-3.5" />}
                onClick={() => onTogglePin(a)}
              >
                {a.isPinned ? 'Unpin' : 'Pin'}
              </Button>
              <Button size="sm" variant="secondary" icon={<PencilIcon className="h-3.5 w-3.5" />} onClick={() => onEdit(a)}>
                Edit
              </Button>
              <Button size="sm" variant="danger" loading={deleting} icon={<TrashIcon className="h-3.5 w-3.5" />} onClick={() => onDelete(a)}>
                Delete
              </Button>
            </div>
          </div>
        </article>
      </Card>
    </li>
  );
}
