import type { Task } from '@kpi/contracts';
import { useId, useState } from 'react';
import { Button, Card } from '../../components/ui';
import { PencilIcon, TrashIcon } from '../../components/ui/icons';
import { formatDate } from '../../lib/format';
import { formatDateTime } from './format';
import { ScoreHistory } from './ScoreHistory';
import { ScoreSummary } from './ScoreSummary';
import { ScoringPanel } from './ScoringPanel';
import { TaskBadges } from './TaskBadges';
import { CommentList, SubmissionView } from './TaskDetails';
import { isPendingReview } from './rules';

interface AdminTaskCardProps {
  task: Task;
  now: Date;
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
  deleting: boolean;
}

/** One task in Task Management: details, submission, scoring, comments; edit, delete, score or re-score. */
export function AdminTaskCard({ task, now, onEdit, onDelete, deleting }: AdminTaskCardProps) {
  const titleId = useId();
  const [rescoring, setRescoring] = useState(false);
  const awaitingReview = isPendingReview(task);

  return (
    <Card className={awaitingReview ? 'ring-2 ring-amber-300' : undefined}>
      <article aria-labelledby={titleId} className="space-y-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 flex-1 space-y-1.5">
            <h3 id={titleId} className="break-words text-base font-semibold text-slate-900">
              {task.title}
            </h3>
            <TaskBadges task={task} now={now} />
          </div>
          <div className="flex shrink-0 gap-2">
            <Button size="sm" variant="secondary" icon={<PencilIcon className="h-3.5 w-3.5" />} onClick={() => onEdit(task)} aria-label={`Edit ${task.title}`}>
              Edit
            </Button>
            <Button size="sm" variant="danger" icon={<TrashIcon className="h-3.5 w-3.5" />} loading={deleting} onClick={() => onDelete(task)} aria-label={`Delete ${task.title}`}>
              Delete
            </Button>
          </div>
        </div>

        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div className="min-w-0">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Assigned To</dt>
            <dd className="truncate text-slate-900">
              {task.assignedTo ? task.assignedTo.name : 'Unassigned'}
              {task.assignedTo?.department && <span className="text-slate-500"> · {task.assignedTo.department}</span>}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Deadline</dt>
            <dd className="text-slate-900">{formatDateTime(task.deadline)}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Created</dt>
            <dd className="text-slate-900">{formatDate(task.createdAt)}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Report Link</dt>
            <dd className="truncate">
              <a href={task.reportLink} target="_blank" rel="noopener noreferrer" className="text-indigo-600 hover:underline" title={task.reportLink}>
                {task.reportLink}
              </a>
            </dd>
          </div>
        </dl>

        <p className="whitespace-pre-wrap break-words text-sm text-slate-600">{task.description}</p>

        <SubmissionView task={task} heading="Submission" />
        {task.scoring && !rescoring && <ScoreSummary scoring={task.scoring} showScorer />}
        {task.scoring && <ScoreHistory key={task.scoring.scoredAt} taskId={task._id} title={task.title} />}
        <CommentList task={task} />

        {awaitingReview && <ScoringPanel task={task} />}
        {task.scoring &&
          task.submission &&
          (rescoring ? (
            <ScoringPanel task={task} rescore onDone={() => setRescoring(false)} onCancel={() => setRescoring(false)} />
          ) : (
            <div className="flex justify-end">
              <Button size="sm" variant="secondary" onClick={() => setRescoring(true)}>
                Re-score
              </Button>
            </div>
          ))}
      </article>
    </Card>
  );
}
