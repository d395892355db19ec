import { z } from 'zod';
import type { PerformanceLevel } from './constants';

export interface LeaderboardEntry {
  rank: number;
  user: { _id: string; name: string; department: string };
  totalScore: number;
  tasksCompleted: number;
  averageScore: number;
  performanceLevel: PerformanceLevel;
  badges: string[];
}
export interface LeaderboardPeriod {
  year: number;
  month?: number;
}
export interface Leaderboard {
  type: 'monthly' | 'yearly';
  period: LeaderboardPeriod;
  totalExecutives: number;
  entries: LeaderboardEntry[];
  generatedAt?: string | null;
}
export interface Top10Response {
  top10: LeaderboardEntry[];
  currentUserPosition: {
    rank: number;
    user: { _id: string; name: string; department: string };
    totalScore: number;
  } | null;
  totalExecutives: number;
  period: LeaderboardPeriod;
}

const year = z.coerce.number({ error: 'Year must be a number' }).int('Year must be a whole number').min(2000, 'Year must be 2000 or later').max(2100, 'Year must be 2100 or earlier');
const month = z.coerce.number({ error: 'Month must be a number' }).int('Month must be a whole number').min(1, 'Month must be between 1 and 12').max(12, 'Month must be between 1 and 12');

export const generateLeaderboardSchema = z
  .object({
    type: z.enum(['monthly', 'yearly'], { error: 'Type must be monthly or yearly' }),
    year,
    month: month.optional(),
  })
  .refine((v) => v.type === 'yearly' || v.month !== undefined, { message: 'Month is required for a monthly leaderboard', path: ['month'] });
export const periodParamsSchema = z.object({ year, month: month.optional() });
