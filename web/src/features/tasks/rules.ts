import { createTaskSchema, isOverdue, isValidScore, scoreTaskSchema, timeScoreFor, totalScoreFor, type Task, type TaskListStatus, type TaskStatus, type TaskSummary } from '@kpi/contracts';
import type { BadgeTone } from '../../components/ui';
import { formProblem } from '../../lib/formProblem';
import { fromLocalInput } from '../../lib/localDateInput';

/** Newest first, ties by id: the order the server lists tasks in. */
export const byNewest = (a: Task, b: Task): number => b.createdAt.localeCompare(a.createdAt) || a._id.localeCompare(b._id);

/**
 * The status to show now. The server derives `overdue` when it answers; the client applies the same rule
 * against its own clock, so a task whose deadline passes while the screen is open turns overdue too.
 */
export const displayStatus = (task: Pick<Task, 'status' | 'deadline'>, now = new Date()): TaskStatus =>
  isOverdue(task, now) ? 'overdue' : task.status;

/** Submitted work that has not been scored yet. */
export const isPendingReview = (task: Pick<Task, 'status' | 'scoring'>): boolean => task.status === 'submitted' && !task.scoring;

/**
 * Whether the assignee may hand in work: pending or in progress with no submission. An overdue task is one of
 * those past its deadline, and late work is accepted (it earns the late time score).
 */
export const canSubmitTask = (task: Pick<Task, 'status' | 'submission'>): boolean =>
  !task.submission && (task.status === 'pending' || task.status === 'in-progress' || task.status === 'overdue');

/**
 * The admin's list order: work awaiting review first (latest submission first), so what needs the admin is
 * on top and a fresh submission appears there live; then everything else, newest first.
 */
export function reviewFirst(tasks: readonly Task[]): Task[] {
  const review = tasks.filter(isPendingReview).sort((a, b) => (b.submission?.submittedAt ?? '').localeCompare(a.submission?.submittedAt ?? ''));
  return [...review, ...tasks.filter((t) => !isPendingReview(t)).sort(byNewest)];
}

/** Whether the admin may score (or re-score) the task: only submitted work. */
export const canScoreTask = (task: Pick<Task, 'submission'>): boolean => task.submission !== null;

export interface AdminTaskCounts {
  pendingReview: number;
  completed: number;
  total: number;
}
/** The status behind an overdue reading (pending or in progress): the badge shown beside OVERDUE. */
export const workStatus = (task: Pick<Task, 'status' | 'workStatus'>): Exclude<TaskStatus, 'overdue'> =>
  task.status !== 'overdue' ? task.status : task.workStatus;

export interface ExecutiveTaskCounts {
  total: number;
  completed: number;
  /** Pending or in progress (docs/product.md#screens, My Tasks), those past their deadline included. */
  pending: number;
  /** Past the deadline, neither submitted nor completed: also counted in `pending`. */
  overdue: number;
}
export const TASK_FILTERS = ['all', 'review', 'open', 'overdue', 'completed'] as const;
export type TaskFilter = (typeof TASK_FILTERS)[number];
export const FILTER_LABELS: Record<TaskFilter, string> = {
  all: 'All',
  review: 'Pending Review',
  open: 'Open',
  overdue: 'Overdue',
  completed: 'Completed',
};

/** The server-side status each filter chip asks GET /tasks for (docs/paging.md). */
export const FILTER_STATUS: Record<TaskFilter, TaskListStatus | undefined> = {
  all: undefined,
  review: 'submitted',
  open: 'open',
  overdue: 'overdue',
  completed: 'completed',
};

/** A chip's count, from the server's counters (never from the loaded pages); null until they arrive. */
export function filterCount(summary: TaskSummary | null, filter: TaskFilter): number | null {
  if (!summary) return null;
  switch (filter) {
    case 'all':
      return summary.total;
    case 'review':
      return summary.pendingReview;
    case 'open':
      return summary.pending + summary.inProgress;
    case 'overdue':
      return summary.overdue;
    case 'completed':
      return summary.completed;
  }
}

/** The admin's tiles from the server's counters; zeros until they arrive. */
export const summaryCounts = (summary: TaskSummary | null): AdminTaskCounts => ({
  pendingReview: summary?.pendingReview ?? 0,
  completed: summary?.completed ?? 0,
  total: summary?.total ?? 0,
});

/**
 * The executive's tiles from the server's counters. Pending is "pending or in-progress" (docs/product.md#screens), late work included,
 * so Overdue (open work past its deadline) is a subset of it.
 */
export const executiveSummaryCounts = (summary: TaskSummary | null): ExecutiveTaskCounts => ({
  total: summary?.total ?? 0,
  completed: summary?.completed ?? 0,
  pending: (summary?.pending ?? 0) + (summary?.inProgress ?? 0) + (summary?.overdue ?? 0),
  overdue: summary?.overdue ?? 0,
});

export function matchesFilter(task: Task, filter: TaskFilter, now = new Date()): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'review':
      return isPendingReview(task);
    case 'open': {
      const status = displayStatus(task, now);
      return status === 'pending' || status === 'in-progress';
    }
    case 'overdue':
      return displayStatus(task, now) === 'overdue';
    case 'completed':
      return task.status === 'completed';
  }
}

export interface ScoreInput {
  quality: string;
  initiative: string;
  feedback: string;
}

/**
 * The scoring panel's checks: the contract's (docs/product.md#validation-messages), a missing field before a score out of range.
 * Null when the scores may be sent. An empty panel has its own message (a display rule, not the server's).
 */
export function validateScore({ quality, initiative, feedback }: ScoreInput): string | null {
  if (!quality.trim() && !initiative.trim() && !feedback.trim()) return 'Please enter scores and feedback';
  return formProblem(scoreTaskSchema, { qualityScore: quality, initiativeScore: initiative, feedback }, { blankFirst: true })?.message ?? null;
}

export interface ScorePreview {
  /** 10 when the work came by the deadline, else 8; null without a submission. */
  timeScore: number | null;
  onTime: boolean | null;
  /** 0.4·quality + 0.4·time + 0.2·initiative to one decimal, once both scores are valid. */
  total: number | null;
}

/** The live preview under the scoring inputs. The server computes the real figures the same way. */
export function scorePreview(task: Pick<Task, 'submission' | 'deadline'>, quality: string, initiative: string): ScorePreview {
  if (!task.submission) return { timeScore: null, onTime: null, total: null };
  const timeScore = timeScoreFor(new Date(task.submission.submittedAt), new Date(task.deadline));
  const q = quality.trim() === '' ? NaN : Number(quality);
  const i = initiative.trim() === '' ? NaN : Number(initiative);
  const total = isValidScore(q) && isValidScore(i) ? totalScoreFor(q, timeScore, i) : null;
  return { timeScore, onTime: timeScore === 10, total };
}

/** A score as the product shows it: out of 10, at most one decimal (8 → '8', 7.25 → '7.3'). */
export const formatScore = (value: number): string => String(Math.round(value * 10) / 10);
/** Totals and averages always carry one decimal (docs/product.md#business-rules-and-constants). */
export const formatTotal = (value: number): string => value.toFixed(1);

export const scoredToastMessage = (task: Pick<Task, 'title' | 'scoring'>): string =>
  `Your task "${task.title}" was scored ${formatTotal(task.scoring?.totalScore ?? 0)}/10`;

export const isPastDeadline = (value: string, now = new Date()): boolean => {
  const iso = fromLocalInput(value);
  return iso !== null && new Date(iso).getTime() < now.getTime();
};

export interface TaskFormInput {
  title: string;
  description: string;
  assignedTo: string;
  deadline: string;
  reportLink: string;
}
export type TaskFormField = keyof TaskFormInput;

/** The task form's checks: the contract's, in field order, with its messages (docs/product.md#validation-messages). */
export function validateTaskForm(input: TaskFormInput): { field: TaskFormField; message: string } | null {
  // The picker gives local time; an unreadable value goes as typed, so the schema names it invalid.
  const deadline = fromLocalInput(input.deadline) ?? input.deadline;
  return formProblem<TaskFormField>(createTaskSchema, { ...input, deadline });
}

export const STATUS_LABELS: Record<TaskStatus, string> = {
  pending: 'Pending',
  'in-progress': 'In Progress',
  submitted: 'Submitted',
  completed: 'Completed',
  overdue: 'Overdue',
};
export const STATUS_TONES: Record<TaskStatus, BadgeTone> = {
  pending: 'gray',
  'in-progress': 'sky',
  submitted: 'purple',
  completed: 'green',
  overdue: 'red',
};

/** Urgent, high and medium have their own colours; anything else is gray (docs/product.md#business-rules-and-constants). */
export const priorityTone = (priority: string): BadgeTone =>
  priority === 'urgent' ? 'red' : priority === 'high' ? 'amber' : priority === 'medium' ? 'indigo' : 'gray';
