import { BADGE_RULES, type BadgeId } from '@kpi/contracts';

/**
 * Automatic badge criteria, as pure functions. Each returns the awards a fact earns; the awarding service
 * drops those already held, since an award is unique per user, badge and period.
 */

export interface AwardDraft {
  userId: string;
  badgeId: BadgeId;
  /** 'all' (once ever), 'task:{id}' (once per task), '2026-03' / '2026' (once per published period). */
  period: string;
  reason: string;
  /** Defaults to now; the demo seed backdates awards to when they were earned. */
  awardedAt?: Date;
}

export const ONCE_EVER = 'all';
export const taskPeriod = (taskId: string) => `task:${taskId}`;

const HOUR = 3600_000;
const PERFECT = 10;

export interface ScoredTaskFacts {
  taskId: string;
  title: string;
  userId: string;
  totalScore: number;
  submittedAt: Date | null;
  deadline: Date;
}

/** Submitted at least a full day (BADGE_RULES.earlyBirdHours) before the deadline. */
export const isEarlyBird = (submittedAt: Date | null, deadline: Date): boolean =>
  submittedAt !== null && deadline.getTime() - submittedAt.getTime() >= BADGE_RULES.earlyBirdHours * HOUR;

/** Totals are kept to one decimal, so a perfect score is exactly 10 (allowing for float noise). */
export const isPerfect = (totalScore: number): boolean => totalScore >= PERFECT - 1e-9;

/**
 * What scoring a task earns: `first-task` (the executive now has a scored task; held once ever, so only the
 * first scoring awards it), `perfect-score` for a total of 10 and `early-bird` for work handed in a day early,
 * each once per task (re-scoring never awards them twice, and never takes them back).
 */
export function taskBadges(task: ScoredTaskFacts): AwardDraft[] {
  const drafts: AwardDraft[] = [{ userId: task.userId, badgeId: 'first-task', period: ONCE_EVER, reason: `First scored task: "${task.title}"` }];
  if (isPerfect(task.totalScore)) {
    drafts.push({ userId: task.userId, badgeId: 'perfect-score', period: taskPeriod(task.taskId), reason: `Scored 10/10 on "${task.title}"` });
  }
  if (isEarlyBird(task.submittedAt, task.deadline)) {
    drafts.push({ userId: task.userId, badgeId: 'early-bird', period: taskPeriod(task.taskId), reason: `Submitted "${task.title}" a day or more before its deadline` });
  }
  return drafts;
}

export interface PeriodStanding {
  userId: string;
  rank: number;
  averageScore: number;
  tasksCompleted: number;
}

/**
 * What a published leaderboard earns: rank 1 (every executive sharing it) → `top-performer`; ranks 1 to 3 →
 * `podium`; an average of at least 7.5 over at least 3 tasks → `consistent-excellence`. `key` is the
 * period key ('2026-03' or '2026'), `label` its name for people ('March 2026').
 */
export function periodBadges(standings: PeriodStanding[], key: string, label: string): AwardDraft[] {
  const drafts: AwardDraft[] = [];
  for (const s of standings) {
    if (s.rank === 1) drafts.push({ userId: s.userId, badgeId: 'top-performer', period: key, reason: `Ranked #1 in the ${label} leaderboard` });
    if (s.rank <= BADGE_RULES.podiumRanks) drafts.push({ userId: s.userId, badgeId: 'podium', period: key, reason: `Ranked #${s.rank} in the ${label} leaderboard` });
    if (s.averageScore >= BADGE_RULES.consistentMinAverage && s.tasksCompleted >= BADGE_RULES.consistentMinTasks) {
      drafts.push({
        userId: s.userId,
        badgeId: 'consistent-excellence',
        period: key,
        reason: `Averaged ${s.averageScore.toFixed(1)} over ${s.tasksCompleted} tasks in ${label}`,
      });
    }
  }
  return drafts;
}
