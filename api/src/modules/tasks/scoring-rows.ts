import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/knex';
import type { Role, Task as TaskView, TaskComment as TaskCommentView } from '@kpi/contracts';
import { isoDate, numOrNull, toDate, type DbDate } from '../../common/rows/columns';
import type { Scope } from '../../common/tenancy/scope';
import type { ChainHead } from './score-chain';
import type { ScoreFigures } from './score-history.entity';
import { taskRowView, type TaskRow } from './task-rows';
import type { TaskState } from './task-rules';
import { dbDate } from '../../common/rows/params';
import { execute } from '../../database/bound-sql';

/**
 * The rows a scoring reads and writes, in plain SQL on the transaction's connection. A scoring is the hottest
 * write (20 a second in the bench): hydrating the task, its assignee and its comments as entities and letting
 * the unit of work diff them cost more than every statement, and wrote back rows it had not changed (the
 * assignee's and comments' `created_at`, docs/aggregates.md). docs/benchmarks.md has the profile.
 */

export interface ScoringTaskRow extends TaskRow {
  /** The company's time zone: the periods the scoring counts in (docs/aggregates.md). */
  time_zone: string;
}

interface ScoringRow extends ScoringTaskRow {
  chain_seq: number | string | null;
  chain_hash: string | null;
  c_id: string | null;
  c_author_id: string | null;
  c_author_name: string | null;
  c_role: Role | null;
  c_text: string | null;
  c_created_at: DbDate | null;
}

/**
 * The task, its company's zone, its assignee's name and department, its scorer's name, its comments and the head
 * of its company's history chain (score-chain.ts): one joined read.
 */
export async function readForScoring(em: EntityManager, scope: Scope, id: string): Promise<{ row: ScoringTaskRow; comments: TaskCommentView[]; chainHead: ChainHead } | null> {
  const company = scope.sql('t.company_id');
  const rows = await execute<ScoringRow>(
    em,
    `select t.id, t.title, t.description, t.assigned_to_id, a.name as assignee_name, a.department as assignee_department,
       t.deadline, t.priority, t.report_link, t.status, t.company_id, t.created_at, t.updated_at, t.submission_content, t.submitted_at,
       t.quality_score, t.time_score, t.initiative_score, t.total_score, t.feedback, t.scored_at, t.scored_by_id, s.name as scorer_name, co.time_zone,
       (select h.chain_seq from score_history h where h.company_id = t.company_id and h.chain_seq is not null order by h.chain_seq desc limit 1) as chain_seq,
       (select h.hash from score_history h where h.company_id = t.company_id and h.chain_seq is not null order by h.chain_seq desc limit 1) as chain_hash,
       c.id as c_id, c.author_id as c_author_id, c.author_name as c_author_name, c.role as c_role, c.text as c_text, c.created_at as c_created_at
     from tasks t join companies co on co.id = t.company_id left join users a on a.id = t.assigned_to_id left join users s on s.id = t.scored_by_id
       left join task_comments c on c.task_id = t.id
     where t.id = ? and ${company.sql}
     order by c.created_at asc, c.id asc`,
    [id, ...company.params],
  );
  if (rows.length === 0) return null;
  const comments = rows
    .filter((r) => r.c_id !== null)
    .map((r) => ({
      _id: r.c_id!,
      author: r.c_author_id ? { _id: r.c_author_id, name: r.c_author_name ?? '' } : null,
      authorName: r.c_author_name ?? '',
      role: r.c_role!,
      text: r.c_text ?? '',
      createdAt: isoDate(r.c_created_at!),
    }));
  const { chain_seq, chain_hash } = rows[0];
  return { row: rows[0], comments, chainHead: chain_seq === null ? null : { chainSeq: Number(chain_seq), hash: chain_hash! } };
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

export interface Scoring {
  next: ScoreFigures;
  scoredAt: Date;
  scorer: { id: string; name: string };
  at: Date;
}

/** Stores a scoring's figures on the task. */
export async function writeScoring(em: EntityManager, row: TaskRow, { next, scoredAt, scorer, at }: Scoring): Promise<void> {
  const date = dbDate(em);
  await execute(
    em,
    `update tasks set quality_score = ?, time_score = ?, initiative_score = ?, total_score = ?, feedback = ?, status = 'completed',
       scored_at = ?, scored_by_id = ?, updated_at = ? where id = ? and company_id = ?`,
    [next.qualityScore, next.timeScore, next.initiativeScore, next.totalScore, next.feedback, date(scoredAt), scorer.id, date(at), row.id, row.company_id],
  );
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

/** Adds the scorer's comment to the task; returns it as the task's view shows it. */
export async function insertComment(em: EntityManager, taskId: string, author: { id: string; name: string; role: Role }, text: string, at: Date): Promise<TaskCommentView> {
  const id = randomUUID();
  await execute(em, 'insert into task_comments (id, task_id, author_id, author_name, role, text, created_at) values (?, ?, ?, ?, ?, ?, ?)', [
    id,
    taskId,
    author.id,
    author.name,
    author.role,
    text,
    em.getPlatform().processDateProperty(at),
  ]);
  return { _id: id, author: { _id: author.id, name: author.name }, authorName: author.name, role: author.role, text, createdAt: at.toISOString() };
}

/** The task's view as `toTaskView` (task.view.ts) gives it, `workStatus` included, from its row and comments. */
export function scoringView(row: TaskRow, comments: TaskCommentView[], now = new Date()): TaskView {
  const { _id, title, description, assignedTo, deadline, priority, reportLink, status, ...rest } = taskRowView(row, comments, now);
  const workStatus = row.status === 'overdue' ? 'pending' : row.status;
  return { _id, title, description, assignedTo, deadline, priority, reportLink, status, workStatus, ...rest };
}
