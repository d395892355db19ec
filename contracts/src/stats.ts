import { z } from 'zod';
import type { PerformanceLevel } from './constants';
import { exportFormatField, monthField, yearField } from './leaderboard';

/**
 * Monthly series use month keys 'YYYY-MM' (e.g. '2026-03'), oldest first, 12 of them ending with the current
 * month in the company's time zone (UTC for the system-wide series). Clients format the label themselves.
 * Formulas: docs/scoring-and-ranking.md.
 */
export interface MonthlyScore {
  month: string;
  /** The month's average total score; 0 when nothing was scored (see scoredTasks). */
  score: number;
  /**
   * How many of the executive's tasks were scored that month. 0 means the month has no score: a trend draws
   * it as a gap, not as a 0. Optional: older servers leave it out.
   */
  scoredTasks?: number;
}
export interface ExecutiveStats {
  averageScore: number;
  currentRank: number | null;
  totalExecutives: number;
  totalTasks: number;
  completedTasks: number;
  badges: number;
  performanceLevel: PerformanceLevel;
  monthlyScores: MonthlyScore[];
  scoreBreakdown: { qualityAverage: number; timeAverage: number; initiativeAverage: number };
}
export interface LevelCount {
  level: PerformanceLevel;
  count: number;
}
export interface CompanyStats {
  totalExecutives: number;
  totalTasks: number;
  completedTasks: number;
  averageScore: number;
  monthlyPerformance: { month: string; averageScore: number; tasksCompleted: number }[];
  departmentStats: { department: string; executiveCount: number; averageScore: number }[];
  performanceDistribution: LevelCount[];
}
export interface OverallStats {
  totalCompanies: number;
  totalAdmins: number;
  totalExecutives: number;
  totalTasks: number;
  completedTasks: number;
  averageScore: number;
  companyPerformance: { companyId: string; company: string; executiveCount: number; averageScore: number; tasksCompleted: number }[];
  monthlyTrends: { month: string; averageScore: number }[];
  performanceDistribution: LevelCount[];
  topPerformingCompanies: { companyId: string; company: string; score: number }[];
}

/** GET /kpi/executive/{id}: the rank period. Neither → current month; year only → that year; both → that month. */
export const executiveStatsQuerySchema = z.object({
  year: z.preprocess((v) => (v === '' ? undefined : v), yearField.optional()),
  month: z.preprocess((v) => (v === '' ? undefined : v), monthField.optional()),
});
export const companyStatsQuerySchema = z.object({ format: exportFormatField });
