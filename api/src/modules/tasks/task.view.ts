import type { ScoreHistoryEntry, Task as TaskView, TaskComment as TaskCommentView } from '@kpi/contracts';
import type { ScoreHistory } from './score-history.entity';
import type { TaskComment } from './task-comment.entity';
import type { Task } from './task.entity';
import { currentFigures, visibleStatus } from './task-rules';

const commentView = (c: TaskComment): TaskCommentView => ({
  _id: c.id,
  author: c.author ? { _id: c.author.id, name: c.authorName } : null,
  authorName: c.authorName,
  role: c.role,
  text: c.text,
  createdAt: c.createdAt.toISOString(),
});

/**
 * The wire shape of a task. `assignedTo`, `scoredBy` and `comments` must be loaded (populate); the status is
 * derived, so a pending task past its deadline reads as overdue.
 */
export function toTaskView(task: Task, now = new Date()): TaskView {
  const figures = currentFigures(task);
  const comments = [...task.comments.getItems()].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return {
    _id: task.id,
    title: task.title,
    description: task.description,
    assignedTo: task.assignedTo ? { _id: task.assignedTo.id, name: task.assignedTo.name, department: task.assignedTo.department } : null,
    deadline: task.deadline.toISOString(),
    priority: task.priority,
    reportLink: task.reportLink,
    status: visibleStatus(task, now),
    workStatus: task.status === 'overdue' ? 'pending' : task.status,
    company: task.company.id,
    createdAt: task.createdAt.toISOString(),
    updatedAt: task.updatedAt.toISOString(),
    submission: task.submittedAt ? { content: task.submissionContent ?? '', submittedAt: task.submittedAt.toISOString() } : null,
    scoring:
      figures && task.scoredAt
        ? {
            ...figures,
            scoredAt: task.scoredAt.toISOString(),
            scoredBy: task.scoredBy ? { _id: task.scoredBy.id, name: task.scoredBy.name } : null,
          }
        : null,
    comments: comments.map(commentView),
  };
}

/** `intact`: the row still matches its hash and its link in the company's chain (modules/tasks/score-chain.ts). */
export const toScoreHistoryView = (h: ScoreHistory, intact: boolean): ScoreHistoryEntry => ({
  _id: h.id,
  task: h.taskId,
  scoredBy: h.scoredById ? { _id: h.scoredById, name: h.scoredByName } : null,
  at: h.at.toISOString(),
  reason: h.reason,
  previous: h.previous,
  next: h.next,
  integrity: h.chainSeq === null ? 'unchained' : intact ? 'intact' : 'tampered',
});
