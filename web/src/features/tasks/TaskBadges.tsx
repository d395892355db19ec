import type { Priority, Task, TaskStatus } from '@kpi/contracts';
import { Badge } from '../../components/ui';
import { AlertIcon } from '../../components/ui/icons';
import { capitalize } from '../../lib/format';
import { STATUS_LABELS, STATUS_TONES, displayStatus, priorityTone, workStatus } from './rules';

export function StatusBadge({ status }: { status: TaskStatus }) {
  return (
    <Badge tone={STATUS_TONES[status] ?? 'gray'}>
      <span className="sr-only">Status: </span>
      <span>{STATUS_LABELS[status] ?? status}</span>
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: Priority }) {
  return (
    <Badge tone={priorityTone(priority)}>
      <span className="sr-only">Priority: </span>
      <span>{capitalize(priority)}</span>
    </Badge>
  );
}

export function OverdueBadge() {
  return (
    <Badge tone="red" className="gap-1 font-semibold tracking-wide">
      <AlertIcon className="h-3 w-3" />
      OVERDUE
    </Badge>
  );
}

/**
 * Status, priority and OVERDUE. An overdue task (derived by the server and the client clock alike) shows its
 * work status (pending or in progress) with OVERDUE beside it.
 */
export function TaskBadges({ task, now }: { task: Task; now: Date }) {
  const overdue = displayStatus(task, now) === 'overdue';
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <StatusBadge status={workStatus(task)} />
      {overdue && <OverdueBadge />}
      <PriorityBadge priority={task.priority} />
    </div>
  );
}
