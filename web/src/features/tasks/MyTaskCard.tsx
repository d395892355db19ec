import { LIMITS, type Task } from '@kpi/contracts';
import { useId, type SubmitEvent } from 'react';
import { Button, Card, TextAreaField } from '../../components/ui';
import { CalendarIcon, ClipboardIcon } from '../../components/ui/icons';
import { formatDate } from '../../lib/format';
import { formatDateTime } from './format';
import { ScoreSummary } from './ScoreSummary';
import { TaskBadges } from './TaskBadges';
import { ReportLink, SubmissionView } from './TaskDetails';
import { canSubmitTask } from './rules';

export interface SubmissionBoxState {
  open: boolean;
  text: string;
  sending: boolean;
  onOpen: () => void;
  onChange: (text: string) => void;
  onCancel: () => void;
  onSubmit: () => void;
}

/** One of the executive's tasks: details, own submission, Performance Score, and the Submit Task box. */
export function MyTaskCard({ task, now, box }: { task: Task; now: Date; box: SubmissionBoxState }) {
  const titleId = useId();
  const openerId = `submit-task-${task._id}`;
  const submittable = canSubmitTask(task);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    box.onSubmit();
  };

  return (
    <Card>
      <article aria-labelledby={titleId} className="space-y-4 p-4 sm:p-5">
        <div className="space-y-1.5">
          <h3 id={titleId} className="break-words text-base font-semibold text-slate-900">
            {task.title}
          </h3>
          <TaskBadges task={task} now={now} />
        </div>
        <p className="whitespace-pre-wrap break-words text-sm text-slate-600">{task.description}</p>
        <ReportLink href={task.reportLink} />
        <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-500">
          <span className="flex items-center gap-1.5">
            <CalendarIcon className="h-4 w-4" /> Due: <span className="text-slate-900">{formatDateTime(task.deadline)}</span>
          </span>
          <span className="flex items-center gap-1.5">
            <ClipboardIcon className="h-4 w-4" /> Created: <span className="text-slate-900">{formatDate(task.createdAt)}</span>
          </span>
        </div>

        <SubmissionView task={task} heading="Your Submission" />
        {task.scoring && <ScoreSummary scoring={task.scoring} />}

        {submittable &&
          (box.open ? (
            <form onSubmit={submit} className="space-y-3 rounded-xl border border-indigo-100 bg-indigo-50/40 p-4">
              <TextAreaField
                label="Submission"
                rows={4}
                autoFocus
                maxLength={LIMITS.submission}
                value={box.text}
                onChange={(e) => box.onChange(e.target.value)}
                placeholder="Enter your task submission..."
              />
              <div className="flex flex-wrap justify-end gap-2">
                <Button
                  variant="secondary"
                  onClick={() => {
                    box.onCancel();
                    // The opener comes back in place of the box: keep the keyboard where it was.
                    requestAnimationFrame(() => document.getElementById(openerId)?.focus());
                  }}
                  disabled={box.sending}
                >
                  Cancel
                </Button>
                <Button type="submit" loading={box.sending}>
                  Submit Task
                </Button>
              </div>
            </form>
          ) : (
            <div>
              <Button id={openerId} onClick={box.onOpen}>
                Submit Task
              </Button>
            </div>
          ))}
      </article>
    </Card>
  );
}
