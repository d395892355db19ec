import { z } from 'zod';
import { PERFORMANCE_LEVELS } from './constants';

/**
 * GET /leaderboard/published/monthly/{year}/{month} and /published/yearly/{year}: the snapshot frozen when the
 * period was last published, exactly as it was then (names, ranks and badges included), whatever was scored,
 * re-scored or deleted since. 404 when the period was never published.
 */
const publishedEntrySchema = z.object({
  rank: z.number().int().min(1),
  user: z.object({ _id: z.string(), name: z.string(), department: z.string() }),
  totalScore: z.number(),
  tasksCompleted: z.number().int(),
  averageScore: z.number(),
  performanceLevel: z.enum(PERFORMANCE_LEVELS),
  badges: z.array(z.string()),
});

export const publishedLeaderboardSchema = z.object({
  type: z.enum(['monthly', 'yearly']),
  period: z.object({ year: z.number().int(), month: z.number().int().min(1).max(12).optional() }),
  /** Active executives of the company when it was published. */
  totalExecutives: z.number().int(),
  entries: z.array(publishedEntrySchema),
  /** When it was published (ISO 8601). */
  publishedAt: z.string(),
});
export type PublishedLeaderboard = z.infer<typeof publishedLeaderboardSchema>;
