import type { Task } from '@kpi/contracts';
import { formatDateTime } from './format';

/** The work the assignee handed in. */
export function SubmissionView({ task, heading }: { task: Task; heading: string }) {
  if (!task.submission) return null;
  return (
    <section aria-label={heading} className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="text-sm font-semibold text-slate-900">{heading}</h4>
        <p className="text-xs text-slate-500">Submitted {formatDateTime(task.submission.submittedAt)}</p>
      </div>
      <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-700">{task.submission.content}</p>
    </section>
  );
}

/** The task's comments, oldest first, with author name and role. */
export function CommentList({ task }: { task: Task }) {
  if (task.comments.length === 0) return null;
  return (
    <section aria-label="Comments">
      <h4 className="text-sm font-semibold text-slate-900">Comments</h4>
      <ul className="mt-2 space-y-2">
        {task.comments.map((c) => (
          <li key={c._id} className="rounded-lg border border-slate-100 bg-white px-3 py-2 text-sm">
            <p className="text-xs text-slate-500">
              <span className="font-medium text-slate-700">{c.authorName}</span> ({c.role}) · {formatDateTime(c.createdAt)}
            </p>
            <p className="mt-0.5 whitespace-pre-wrap break-words text-slate-700">{c.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 'Open Report Link', in a new tab that cannot reach back into this one. */
export function ReportLink({ href, label = 'Open Report Link' }: { href: string; label?: string }) {
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:text-indigo-500 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      {label}
      <span aria-hidden="true">↗</span>
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
