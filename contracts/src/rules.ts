import {
  LEVEL_THRESHOLDS,
  SCORE_WEIGHTS,
  TIME_SCORE_LATE,
  TIME_SCORE_ON_TIME,
  type PerformanceLevel,
  type TaskStatus,
} from './constants';

/** Rounds to one decimal, the precision every score is kept and shown at. */
export const round1 = (value: number): number => Math.round((value + Number.EPSILON) * 10) / 10;

/** Time score: full marks when submitted by the deadline, otherwise the late score. */
export const timeScoreFor = (submittedAt: Date, deadline: Date): number =>
  submittedAt.getTime() <= deadline.getTime() ? TIME_SCORE_ON_TIME : TIME_SCORE_LATE;

export const totalScoreFor = (quality: number, time: number, initiative: number): number =>
  round1(quality * SCORE_WEIGHTS.quality + time * SCORE_WEIGHTS.time + initiative * SCORE_WEIGHTS.initiative);

export const performanceLevelFor = (average: number): PerformanceLevel =>
  average >= LEVEL_THRESHOLDS.excellent
    ? 'excellent'
    : average >= LEVEL_THRESHOLDS.satisfactory
      ? 'satisfactory'
      : 'underperforming';

/** A task is overdue when its deadline has passed and it is neither completed nor submitted. */
export const isOverdue = (task: { deadline: string | Date; status: TaskStatus }, now = new Date()): boolean =>
  new Date(task.deadline).getTime() < now.getTime() && task.status !== 'completed' && task.status !== 'submitted';

/** A score is valid when it lies in 0..10 and has at most one decimal. */
export const isValidScore = (value: number): boolean =>
  Number.isFinite(value) && value >= 0 && value <= 10 && Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;
