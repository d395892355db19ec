import { formatDate } from '../../lib/format';
import { Button } from './Button';
import { CalendarIcon, PencilIcon, TrashIcon } from './icons';

interface CardFooterProps {
  createdAt: string;
  onEdit: () => void;
  onDelete: () => void;
  deleting?: boolean;
}

/** The foot of a managed record's card: when it was created, and Edit / Delete. */
export function CardFooter({ createdAt, onEdit, onDelete, deleting }: CardFooterProps) {
  return (
    <div className="mt-4 flex items-center justify-between gap-2 border-t border-slate-100 pt-4">
      <span className="flex items-center gap-1.5 text-xs text-slate-500">
        <CalendarIcon className="h-4 w-4" />
        Created {formatDate(createdAt)}
      </span>
      <span className="flex gap-2">
        <Button size="sm" variant="secondary" icon={<PencilIcon className="h-3.5 w-3.5" />} onClick={onEdit}>
          Edit
        </Button>
        <Button size="sm" variant="danger" icon={<TrashIcon className="h-3.5 w-3.5" />} loading={deleting} onClick={onDelete}>
          Delete
        </Button>
      </span>
    </div>
  );
}
