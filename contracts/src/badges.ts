import { z } from 'zod';
import { LIMITS } from './constants';
import { idField, optionalText, timestampField } from './common/fields';

export const badgeSchema = z.object({ _id: z.string(), icon: z.string(), name: z.string(), description: z.string() });
export type Badge = z.infer<typeof badgeSchema>;
export const userBadgeSchema = z.object({ _id: z.string(), badge: badgeSchema, awardedAt: timestampField, reason: z.string().nullable() });
export type UserBadge = z.infer<typeof userBadgeSchema>;
export const assignBadgeSchema = z.object({
  userId: idField('User'),
  badgeId: idField('Badge'),
  reason: optionalText('Reason', LIMITS.comment).optional(),
});
export type AssignBadgeRequest = z.input<typeof assignBadgeSchema>;

/** The catalogue's stable ids (seeded by migration); the automatic rules name them. */
export const BADGE_IDS = ['first-task', 'perfect-score', 'early-bird', 'top-performer', 'podium', 'consistent-excellence', 'recognition'] as const;
export type BadgeId = (typeof BADGE_IDS)[number];

/** Thresholds of the automatic badges (docs/scoring-and-ranking.md). */
export const BADGE_RULES = {
  /** early-bird: submitted at least this long before the deadline. */
  earlyBirdHours: 24,
  /** podium: ranks 1..podiumRanks of a published leaderboard. */
  podiumRanks: 3,
  /** consistent-excellence: average at least this over at least `consistentMinTasks` tasks in the period. */
  consistentMinAverage: 7.5,
  consistentMinTasks: 3,
} as const;
