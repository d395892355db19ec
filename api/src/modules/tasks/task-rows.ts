import type { EntityManager } from '@mikro-orm/knex';
import type { Task as TaskView, TaskComment as TaskCommentView } from '@kpi/contracts';
import { isoDate, numOrNull, toDate, type DbDate } from '../../common/rows/columns';
import type { SqlCondition } from '../../common/paging/keyset';
import { currentFigures, visibleStatus } from './task-rules';
import { readRows } from '../../database/read-rows';
import { placeholders } from '../../common/rows/params';

/** A task with its assignee's and scorer's names, as one joined row. */
export interface TaskRow {
  id: string;
  title: string;
  description: string;
  assigned_to_id: string;
  assignee_name: string | null;
  assignee_department: string | null;
  deadline: DbDate;
  priority: TaskView['priority'];
  report_link: string;
  status: TaskView['status'];
  company_id: string;
  created_at: DbDate;
  updated_at: DbDate;
  submission_content: string | null;
  submitted_at: DbDate | null;
  quality_score: number | null;
  time_score: number | null;
  initiative_score: number | null;
  total_score: number | null;
  feedback: string | null;
  scored_at: DbDate | null;
  scored_by_id: string | null;
  scorer_name: string | null;
}

interface CommentRow {
  id: string;
  task_id: string;
  author_id: string | null;
  author_name: string;
  role: TaskCommentView['role'];
  text: string;
  created_at: DbDate;
}

const TASK_SELECT = `select t.id, t.title, t.description, t.assigned_to_id, a.name as assignee_name, a.department as assignee_department,
  t.deadline, t.priority, t.report_link, t.status, t.company_id, t.created_at, t.updated_at, t.submission_content, t.submitted_at,
  t.quality_score, t.time_score, t.initiative_score, t.total_score, t.feedback, t.scored_at, t.scored_by_id, s.name as scorer_name
  from tasks t left join users a on a.id = t.assigned_to_id left join users s on s.id = t.scored_by_id`;

/**
 * One page of tasks as plain joined rows, in plain SQL: building the same statement with the query builder
 * cost more than running it (3.4 ms against 1.5 ms per page, measured). `conditions` come from our code.
 */
export function taskPageRows(em: EntityManager, conditions: SqlCondition[], order: string, limit: number): Promise<TaskRow[]> {
  const where = conditions.length ? ` where ${conditions.map((c) => c.sql).join(' and ')}` : '';
  return readRows<TaskRow>(em, `${TASK_SELECT}${where} order by ${order} limit ?`, [...conditions.flatMap((c) => c.params), limit]);
}

/** The comments of the given tasks in one query, oldest first, grouped by task. */
export async function commentsOf(em: EntityManager, taskIds: string[]): Promise<Map<string, TaskCommentView[]>> {
  const byTask = new Map<string, TaskCommentView[]>();
  if (taskIds.length === 0) return byTask;
  const rows = await readRows<CommentRow>(
      em,
      `select c.id, c.task_id, c.author_id, c.author_name, c.role, c.text, c.created_at from task_comments c where c.task_id in (${placeholders(taskIds)}) order by c.created_at asc, c.id asc`,
      taskIds,
    );
  for (const c of rows) {
    const list = byTask.get(c.task_id) ?? [];
    list.push({
      _id: c.id,
      author: c.author_id ? { _id: c.author_id, name: c.author_name } : null,
      authorName: c.author_name,
      role: c.role,
      text: c.text,
      createdAt: isoDate(c.created_at),
    });
    byTask.set(c.task_id, list);
  }
  return byTask;
}

/** The same wire shape as `toTaskView`, from a plain row and its comments. */
export function taskRowView(row: TaskRow, comments: TaskCommentView[], now = new Date()): TaskView {
  const deadline = toDate(row.deadline);
  const scoredAt = row.scored_at === null ? null : toDate(row.scored_at);
  const figures = currentFigures({
    status: row.status,
    deadline,
    submittedAt: row.submitted_at === null ? null : toDate(row.submitted_at),
    scoredAt,
    qualityScore: numOrNull(row.quality_score),
    timeScore: numOrNull(row.time_score),
    initiativeScore: numOrNull(row.initiative_score),
    totalScore: numOrNull(row.total_score),
    feedback: row.feedback,
  });
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    assignedTo: row.assignee_name !== null ? { _id: row.assigned_to_id, name: row.assignee_name, department: row.assignee_department ?? '' } : null,
    deadline: deadline.toISOString(),
    priority: row.priority,
    reportLink: row.report_link,
    status: visibleStatus({ status: row.status, deadline }, now),
    company: row.company_id,
    createdAt: isoDate(row.created_at),
    updatedAt: isoDate(row.updated_at),
    submission: row.submitted_at !== null ? { content: row.submission_content ?? '', submittedAt: isoDate(row.submitted_at) } : null,
    scoring:
      figures && scoredAt
        ? { ...figures, scoredAt: scoredAt.toISOString(), scoredBy: row.scored_by_id ? { _id: row.scored_by_id, name: row.scorer_name ?? '' } : null }
        : null,
    comments,
  };
}
