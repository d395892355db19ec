import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { Role, ScoreHistoryEntry, Task as TaskView, TaskComment as TaskCommentView, TaskListStatus, TaskSummary } from '@kpi/contracts';
import { CursorCodec } from '../../common/paging/cursor-codec';
import { afterSql, orderSql, type SqlCondition, type SqlSortKey } from '../../common/paging/keyset';
import { cut, Page } from '../../common/paging/page';
import { isoDate, numOrNull, toDate, type DbDate } from '../../common/rows/columns';
import { dbDate, placeholders } from '../../common/rows/params';
import type { Scope } from '../../common/tenancy/scope';
import { execute } from '../../database/bound-sql';
import { readRows } from '../../database/read-rows';
import { intactRows, type ChainHead } from './score-chain.repository';
import { ScoreHistory, type ScoreFigures } from './score-history.entity';
import { Task } from './task.entity';
import { currentFigures, visibleStatus, type TaskState } from './task-rules';

/**
 * Every read and hand-written write of the tasks and their comments, each limited to a Scope's company, and the
 * one mapping from a task's row to its answer (`toTaskAnswer`). Reads are plain SQL, not the query builder:
 * building a page's statement cost more than running it (3.4 ms against 1.5 ms per page, measured); a scoring
 * (20 a second in the bench) reads and writes its rows by hand for the same reason, and because the unit of work
 * wrote back rows it had not changed (docs/aggregates.md, docs/benchmarks.md). Services hold the rules: they ask
 * for rows, answers or the entity to change, and never write SQL or build an answer.
 */

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

/** A comment as stored. */
export interface CommentRow {
  id: string;
  task_id: string;
  author_id: string | null;
  author_name: string;
  role: Role;
  text: string;
  created_at: DbDate;
}

export interface ScoringTaskRow extends TaskRow {
  /** The company's time zone: the periods the scoring counts in (docs/aggregates.md). */
  time_zone: string;
}

/** A task row joined with one of its comments (`c_…`, null without comments). */
type WithComment<R> = R & {
  c_id: string | null;
  c_author_id: string | null;
  c_author_name: string | null;
  c_role: Role | null;
  c_text: string | null;
  c_created_at: DbDate | null;
};

type ScoringRow = WithComment<ScoringTaskRow> & { chain_seq: number | string | null; chain_hash: string | null };

const TASK_COLUMNS = `t.id, t.title, t.description, t.assigned_to_id, a.name as assignee_name, a.department as assignee_department,
  t.deadline, t.priority, t.report_link, t.status, t.company_id, t.created_at, t.updated_at, t.submission_content, t.submitted_at,
  t.quality_score, t.time_score, t.initiative_score, t.total_score, t.feedback, t.scored_at, t.scored_by_id, s.name as scorer_name`;
const TASK_FROM = 'tasks t left join users a on a.id = t.assigned_to_id left join users s on s.id = t.scored_by_id';
const COMMENT_COLUMNS = 'c.id as c_id, c.author_id as c_author_id, c.author_name as c_author_name, c.role as c_role, c.text as c_text, c.created_at as c_created_at';
const WITH_COMMENTS = 'left join task_comments c on c.task_id = t.id';
const COMMENT_ORDER = 'c.created_at asc, c.id asc';

/** Newest first; the id breaks ties so the order (and so every page) is total. */
const ORDER: SqlSortKey[] = [
  { column: 't.created_at', dir: 'desc' },
  { column: 't.id', dir: 'asc' },
];
const ORDER_SQL = orderSql(ORDER);
const CURSOR_SHAPE = ['number', 'string'] as const;

/** Which tasks a page lists, beyond its scope's company. */
export interface TaskFilters {
  assignedTo?: string;
  status?: TaskListStatus;
}

@Injectable()
export class TaskRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly cursors: CursorCodec,
  ) {}

  /**
   * One page of a scope's tasks, newest first (keyset, docs/paging.md): one joined query for the tasks and their
   * people's names, a second for their comments. `list` names the cursors' list.
   */
  async page(list: string, scope: Scope, filters: TaskFilters, limit: number, cursor?: string): Promise<Page<TaskView[]>> {
    const now = new Date();
    const date = dbDate(this.em);
    const conditions = [scope.sql('t.company_id')];
    if (filters.assignedTo) conditions.push({ sql: 't.assigned_to_id = ?', params: [filters.assignedTo] });
    if (filters.status) conditions.push(statusFilter(filters.status, date(now)));
    if (cursor) {
      const [createdAt, id] = this.cursors.decode(list, cursor, CURSOR_SHAPE);
      conditions.push(afterSql(ORDER, [date(new Date(createdAt as number)), id]));
    }
    const where = conditions.map((c) => c.sql).join(' and ');
    const rows = await readRows<TaskRow>(this.em, `select ${TASK_COLUMNS} from ${TASK_FROM} where ${where} order by ${ORDER_SQL} limit ?`, [
      ...conditions.flatMap((c) => c.params),
      limit + 1,
    ]);
    const { items, more } = cut(rows, limit);
    const comments = await this.commentsOf(items.map((r) => r.id));
    const last = items[items.length - 1];
    const next = more && last ? this.cursors.encode(list, [toDate(last.created_at).getTime(), last.id]) : null;
    return new Page(
      items.map((r) => toTaskAnswer(r, comments.get(r.id) ?? [], now)),
      next,
    );
  }

  /** The task screens' counters over a scope's tasks (one person's, with `assignedTo`), in one aggregate query. */
  async summary(scope: Scope, assignedTo?: string): Promise<TaskSummary> {
    const knex = this.em.getKnex();
    const now = this.em.getPlatform().processDateProperty(new Date());
    const open = "t.status not in ('completed', 'submitted')";
    const q = knex('tasks as t').select(
      knex.raw('count(*) as total'),
      knex.raw(`coalesce(sum(case when t.status = 'pending' and t.deadline >= ? then 1 else 0 end), 0) as pending`, [now]),
      knex.raw(`coalesce(sum(case when t.status = 'in-progress' and t.deadline >= ? then 1 else 0 end), 0) as in_progress`, [now]),
      knex.raw(`coalesce(sum(case when ${open} and t.deadline < ? then 1 else 0 end), 0) as overdue`, [now]),
      knex.raw(`coalesce(sum(case when t.status = 'submitted' then 1 else 0 end), 0) as pending_review`),
      knex.raw(`coalesce(sum(case when t.status = 'completed' then 1 else 0 end), 0) as completed`),
    );
    const company = scope.sql('t.company_id');
    q.whereRaw(company.sql, company.params as string[]);
    if (assignedTo) q.where('t.assigned_to_id', assignedTo);
    const [row] = await this.em.getConnection().execute<Record<string, number | string>[]>(q);
    return {
      total: Number(row?.total ?? 0),
      pending: Number(row?.pending ?? 0),
      inProgress: Number(row?.in_progress ?? 0),
      overdue: Number(row?.overdue ?? 0),
      pendingReview: Number(row?.pending_review ?? 0),
      completed: Number(row?.completed ?? 0),
    };
  }

  /** A scope's task as its answer, read on `em` (a unit of work's: what it has written so far); null if none. */
  async answer(em: EntityManager, scope: Scope, id: string): Promise<TaskView | null> {
    const company = scope.sql('t.company_id');
    const rows = await execute<WithComment<TaskRow>>(
      em,
      `select ${TASK_COLUMNS}, ${COMMENT_COLUMNS} from ${TASK_FROM} ${WITH_COMMENTS} where t.id = ? and ${company.sql} order by ${COMMENT_ORDER}`,
      [id, ...company.params],
    );
    return rows.length === 0 ? null : toTaskAnswer(rows[0], commentRows(rows));
  }

  /**
   * The task, its company's zone, its assignee's name and department, its scorer's name, its comments and the head
   * of its company's history chain (score-chain.repository.ts): one joined read.
   */
  async forScoring(em: EntityManager, scope: Scope, id: string): Promise<{ row: ScoringTaskRow; comments: CommentRow[]; chainHead: ChainHead } | null> {
    const company = scope.sql('t.company_id');
    const rows = await execute<ScoringRow>(
      em,
      `select ${TASK_COLUMNS}, co.time_zone,
         (select h.chain_seq from score_history h where h.company_id = t.company_id and h.chain_seq is not null order by h.chain_seq desc limit 1) as chain_seq,
         (select h.hash from score_history h where h.company_id = t.company_id and h.chain_seq is not null order by h.chain_seq desc limit 1) as chain_hash,
         ${COMMENT_COLUMNS}
       from ${TASK_FROM} join companies co on co.id = t.company_id ${WITH_COMMENTS}
       where t.id = ? and ${company.sql}
       order by ${COMMENT_ORDER}`,
      [id, ...company.params],
    );
    if (rows.length === 0) return null;
    const { chain_seq, chain_hash } = rows[0];
    return { row: rows[0], comments: commentRows(rows), chainHead: chain_seq === null ? null : { chainSeq: Number(chain_seq), hash: chain_hash! } };
  }

  /** A scope's task as an entity, to change through the unit of work (404 for another company's). */
  findOwn(em: EntityManager, scope: Scope, id: string): Promise<Task> {
    return scope.findOwn(em, Task, id, 'Task');
  }

  /** Stores a scoring's figures on the task. */
  async writeScoring(em: EntityManager, row: TaskRow, { next, scoredAt, scorer, at }: Scoring): Promise<void> {
    const date = dbDate(em);
    await execute(
      em,
      `update tasks set quality_score = ?, time_score = ?, initiative_score = ?, total_score = ?, feedback = ?, status = 'completed',
         scored_at = ?, scored_by_id = ?, updated_at = ? where id = ? and company_id = ?`,
      [next.qualityScore, next.timeScore, next.initiativeScore, next.totalScore, next.feedback, date(scoredAt), scorer.id, date(at), row.id, row.company_id],
    );
  }

  /** Adds a comment to the task; returns its row. */
  async insertComment(em: EntityManager, taskId: string, author: { id: string; name: string; role: Role }, text: string, at: Date): Promise<CommentRow> {
    const comment: CommentRow = { id: randomUUID(), task_id: taskId, author_id: author.id, author_name: author.name, role: author.role, text, created_at: at };
    await execute(em, 'insert into task_comments (id, task_id, author_id, author_name, role, text, created_at) values (?, ?, ?, ?, ?, ?, ?)', [
      comment.id,
      comment.task_id,
      comment.author_id,
      comment.author_name,
      comment.role,
      comment.text,
      dbDate(em)(at),
    ]);
    return comment;
  }

  /** Submitted work not scored yet, in one COUNT. A scored task is completed, so the status says it all. */
  pendingReview(em: EntityManager, companyId: string): Promise<number> {
    return em.count(Task, { company: companyId, status: 'submitted', scoredAt: null });
  }

  /** Deletes the task; its comments go with it (foreign key cascade), its score history is kept. */
  async remove(em: EntityManager, task: Task): Promise<void> {
    await em.nativeDelete(Task, { id: task.id, company: task.company.id });
  }

  /** The task's scorings, newest first, each checked against its company's hash chain (score-chain.repository.ts). */
  async history(em: EntityManager, task: Task): Promise<ScoreHistoryEntry[]> {
    const companyId = task.company.id;
    const rows = await em.find(ScoreHistory, { companyId, taskId: task.id }, { orderBy: { at: 'desc' } });
    const intact = await intactRows(em, companyId, rows);
    return rows.map((h) => ({
      _id: h.id,
      task: h.taskId,
      scoredBy: h.scoredById ? { _id: h.scoredById, name: h.scoredByName } : null,
      at: h.at.toISOString(),
      reason: h.reason,
      previous: h.previous,
      next: h.next,
      integrity: h.chainSeq === null ? 'unchained' : intact.get(h.id) ? 'intact' : 'tampered',
    }));
  }

  /** The comments of the given tasks in one query, oldest first, grouped by task. */
  private async commentsOf(taskIds: string[]): Promise<Map<string, CommentRow[]>> {
    const byTask = new Map<string, CommentRow[]>();
    if (taskIds.length === 0) return byTask;
    const rows = await readRows<CommentRow>(
      this.em,
      `select c.id, c.task_id, c.author_id, c.author_name, c.role, c.text, c.created_at from task_comments c where c.task_id in (${placeholders(taskIds)}) order by ${COMMENT_ORDER}`,
      taskIds,
    );
    for (const c of rows) {
      const list = byTask.get(c.task_id);
      if (list) list.push(c);
      else byTask.set(c.task_id, [c]);
    }
    return byTask;
  }
}

/**
 * The stored statuses a visible status stands for, read against the clock (overdue is never stored).
 * `now` is already in the database's date representation.
 */
export function statusFilter(status: TaskListStatus, now: unknown): SqlCondition {
  switch (status) {
    case 'open':
      return { sql: "t.status in ('pending', 'in-progress') and t.deadline >= ?", params: [now] };
    case 'overdue':
      return { sql: "t.status not in ('completed', 'submitted') and t.deadline < ?", params: [now] };
    case 'pending':
    case 'in-progress':
      return { sql: 't.status = ? and t.deadline >= ?', params: [status, now] };
    default:
      return { sql: 't.status = ?', params: [status] };
  }
}

/** The comments of a task read joined with them (`c_…` columns), in the query's order. */
function commentRows(rows: WithComment<TaskRow>[]): CommentRow[] {
  return rows
    .filter((r) => r.c_id !== null)
    .map((r) => ({ id: r.c_id!, task_id: r.id, author_id: r.c_author_id, author_name: r.c_author_name ?? '', role: r.c_role!, text: r.c_text ?? '', created_at: r.c_created_at! }));
}

export interface Scoring {
  next: ScoreFigures;
  scoredAt: Date;
  scorer: { id: string; name: string };
  at: Date;
}

/** The rules' view of a task row (task-rules.ts). */
export function stateOf(row: TaskRow): TaskState {
  return {
    status: row.status,
    deadline: toDate(row.deadline),
    submittedAt: row.submitted_at === null ? null : toDate(row.submitted_at),
    scoredAt: row.scored_at === null ? null : toDate(row.scored_at),
    qualityScore: numOrNull(row.quality_score),
    timeScore: numOrNull(row.time_score),
    initiativeScore: numOrNull(row.initiative_score),
    totalScore: numOrNull(row.total_score),
    feedback: row.feedback,
  };
}

/** The task's row as `writeScoring` leaves it. */
export function scoredRow(row: TaskRow, { next, scoredAt, scorer, at }: Scoring): TaskRow {
  return {
    ...row,
    quality_score: next.qualityScore,
    time_score: next.timeScore,
    initiative_score: next.initiativeScore,
    total_score: next.totalScore,
    feedback: next.feedback,
    status: 'completed',
    scored_at: scoredAt,
    scored_by_id: scorer.id,
    scorer_name: scorer.name,
    updated_at: at,
  };
}

const toCommentAnswer = (c: CommentRow): TaskCommentView => ({
  _id: c.id,
  author: c.author_id ? { _id: c.author_id, name: c.author_name } : null,
  authorName: c.author_name,
  role: c.role,
  text: c.text,
  createdAt: isoDate(c.created_at),
});

/**
 * A task's answer (the contract's `Task`), the only place one is built: every list, write and event carries
 * this. The status is read against `now`, so a pending task past its deadline reads as overdue; `workStatus`
 * keeps the stored status behind it.
 */
export function toTaskAnswer(row: TaskRow, comments: readonly CommentRow[], now = new Date()): TaskView {
  const state = stateOf(row);
  const figures = currentFigures(state);
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    assignedTo: row.assignee_name !== null ? { _id: row.assigned_to_id, name: row.assignee_name, department: row.assignee_department ?? '' } : null,
    deadline: state.deadline.toISOString(),
    priority: row.priority,
    reportLink: row.report_link,
    status: visibleStatus(state, now),
    workStatus: row.status === 'overdue' ? 'pending' : row.status,
    company: row.company_id,
    createdAt: isoDate(row.created_at),
    updatedAt: isoDate(row.updated_at),
    submission: state.submittedAt ? { content: row.submission_content ?? '', submittedAt: state.submittedAt.toISOString() } : null,
    scoring:
      figures && state.scoredAt
        ? { ...figures, scoredAt: state.scoredAt.toISOString(), scoredBy: row.scored_by_id ? { _id: row.scored_by_id, name: row.scorer_name ?? '' } : null }
        : null,
    comments: comments.map(toCommentAnswer),
  };
}
