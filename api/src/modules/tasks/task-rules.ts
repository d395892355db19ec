import { isOverdue, timeScoreFor, totalScoreFor, type TaskStatus } from '@kpi/contracts';
import type { ScoreFigures } from './score-history.entity';

/** The parts of a task the rules look at; plain data, so the rules run without the ORM. */
export interface TaskState {
  status: TaskStatus;
  deadline: Date;
  submittedAt: Date | null;
  scoredAt: Date | null;
  qualityScore: number | null;
  timeScore: number | null;
  initiativeScore: number | null;
  totalScore: number | null;
  feedback: string | null;
}

/** The status a reader sees: overdue is never stored, it is the stored status read against the clock. */
export const visibleStatus = (task: Pick<TaskState, 'status' | 'deadline'>, now = new Date()): TaskStatus =>
  isOverdue(task, now) ? 'overdue' : task.status;

/** A task takes a submission while it is pending or in progress (overdue included) and has none yet. */
export const canSubmit = (task: Pick<TaskState, 'status' | 'submittedAt'>): boolean =>
  (task.status === 'pending' || task.status === 'in-progress') && task.submittedAt === null;

/** Only submitted work can be scored; a completed task can be scored again. */
export const canScore = (task: Pick<TaskState, 'submittedAt'>): boolean => task.submittedAt !== null;

/** Once work is submitted the task belongs to that submission: no reassigning, no status rewinding. */
export const isLocked = (task: Pick<TaskState, 'submittedAt'>): boolean => task.submittedAt !== null;

/** The figures a scoring stores: the admin's quality and initiative, the server's time score, the weighted total. */
export function scoreFigures(
  input: { qualityScore: number; initiativeScore: number; feedback: string },
  submittedAt: Date,
  deadline: Date,
): ScoreFigures {
  const timeScore = timeScoreFor(submittedAt, deadline);
  return {
    qualityScore: input.qualityScore,
    timeScore,
    initiativeScore: input.initiativeScore,
    totalScore: totalScoreFor(input.qualityScore, timeScore, input.initiativeScore),
    feedback: input.feedback,
  };
}

/** The scoring a task holds now, or null if it was never scored. */
export function currentFigures(task: TaskState): ScoreFigures | null {
  if (task.scoredAt === null) return null;
  return {
    qualityScore: task.qualityScore ?? 0,
    timeScore: task.timeScore ?? 0,
    initiativeScore: task.initiativeScore ?? 0,
    totalScore: task.totalScore ?? 0,
    feedback: task.feedback ?? '',
  };
}

export const scoringReason = (previous: ScoreFigures | null): 'scored' | 'rescored' => (previous ? 'rescored' : 'scored');
