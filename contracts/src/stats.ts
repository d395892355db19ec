import { z } from 'zod';
import { PERFORMANCE_LEVELS } from './constants';
import { exportFormatField, monthField, yearField } from './leaderboard';

/**
 * Monthly series use month keys 'YYYY-MM' (e.g. '2026-03'), oldest first, 12 of them ending with the current
 * month in the company's time zone (UTC for the system-wide series). Clients format the label themselves.
 * Formulas: docs/scoring-and-ranking.md.
 */
const monthKey = z.string().regex(/^\d{4}-\d{2}$/);
const count = z.number().int();
const level = z.enum(PERFORMANCE_LEVELS);

export const monthlyScoreSchema = z.object({
  month: monthKey,
  /** The month's average total score; 0 when nothing was scored (see scoredTasks). */
  score: z.number(),
  /** Tasks scored that month; 0 means no score, drawn as a gap. */
  scoredTasks: count,
});
export type MonthlyScore = z.infer<typeof monthlyScoreSchema>;
export const executiveStatsSchema = z.object({
  averageScore: z.number(),
  currentRank: count.nullable(),
  totalExecutives: count,
  totalTasks: count,
  completedTasks: count,
  badges: count,
  performanceLevel: level,
  monthlyScores: z.array(monthlyScoreSchema),
  scoreBreakdown: z.object({ qualityAverage: z.number(), timeAverage: z.number(), initiativeAverage: z.number() }),
});
export type ExecutiveStats = z.infer<typeof executiveStatsSchema>;
export const levelCountSchema = z.object({ level, count });
export type LevelCount = z.infer<typeof levelCountSchema>;
export const companyStatsSchema = z.object({
  totalExecutives: count,
  totalTasks: count,
  completedTasks: count,
  averageScore: z.number(),
  monthlyPerformance: z.array(z.object({ month: monthKey, averageScore: z.number(), tasksCompleted: count })),
  departmentStats: z.array(z.object({ department: z.string(), executiveCount: count, averageScore: z.number() })),
  performanceDistribution: z.array(levelCountSchema),
});
export type CompanyStats = z.infer<typeof companyStatsSchema>;
export const overallStatsSchema = z.object({
  totalCompanies: count,
  totalAdmins: count,
  totalExecutives: count,
  totalTasks: count,
  completedTasks: count,
  averageScore: z.number(),
  companyPerformance: z.array(
    z.object({ companyId: z.string(), company: z.string(), executiveCount: count, averageScore: z.number(), tasksCompleted: count }),
  ),
  monthlyTrends: z.array(z.object({ month: monthKey, averageScore: z.number() })),
  performanceDistribution: z.array(levelCountSchema),
  topPerformingCompanies: z.array(z.object({ companyId: z.string(), company: z.string(), score: z.number() })),
});
export type OverallStats = z.infer<typeof overallStatsSchema>;

/** GET /kpi/executive/{id}: the rank period. Neither → current month; year only → that year; both → that month. */
export const executiveStatsQuerySchema = z.object({
  year: z.preprocess((v) => (v === '' ? undefined : v), yearField.optional()),
  month: z.preprocess((v) => (v === '' ? undefined : v), monthField.optional()),
});
export const companyStatsQuerySchema = z.object({ format: exportFormatField });
