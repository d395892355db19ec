import { z } from 'zod';
import type { PerformanceLevel } from './constants';
import { idField } from './common/fields';

export interface LeaderboardEntry {
  rank: number;
  user: { _id: string; name: string; department: string };
  totalScore: number;
  tasksCompleted: number;
  averageScore: number;
  performanceLevel: PerformanceLevel;
  /** Display icons of the badges the executive holds, each badge once, in the order first earned. */
  badges: string[];
}
export interface LeaderboardPeriod {
  year: number;
  /** 1-12; absent for a yearly leaderboard. */
  month?: number;
}
export type LeaderboardType = 'monthly' | 'yearly';
export interface Leaderboard {
  type: LeaderboardType;
  period: LeaderboardPeriod;
  /** Active executives of the company, ranked or not. */
  totalExecutives: number;
  /** Executives with at least one task scored in the period, best first. */
  entries: LeaderboardEntry[];
  /** When the period was last published (POST /leaderboard/generate); null if never. */
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

/** A query value that is absent when the form sends an empty string. */
const optionalQuery = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const yearField = z.coerce
  .number({ error: 'Year must be a number' })
  .int('Year must be a whole number')
  .min(2000, 'Year must be 2000 or later')
  .max(2100, 'Year must be 2100 or earlier');
export const monthField = z.coerce
  .number({ error: 'Month must be a number' })
  .int('Month must be a whole number')
  .min(1, 'Month must be between 1 and 12')
  .max(12, 'Month must be between 1 and 12');
export const exportFormatField = optionalQuery(z.enum(['json', 'csv'], { error: 'Format must be json or csv' }));

export const generateLeaderboardSchema = z
  .object({
    type: z.enum(['monthly', 'yearly'], { error: 'Type must be monthly or yearly' }),
    year: yearField,
    month: monthField.optional(),
  })
  .refine((v) => v.type === 'yearly' || v.month !== undefined, { message: 'Month is required for a monthly leaderboard', path: ['month'] });
export type GenerateLeaderboardRequest = z.input<typeof generateLeaderboardSchema>;

export const periodParamsSchema = z.object({ year: yearField, month: monthField.optional() });
export const monthlyParamsSchema = z.object({ year: yearField, month: monthField });
export const yearlyParamsSchema = z.object({ year: yearField });

/** `?company=` (superadmin only; required for them) and `?format=csv`. */
export const leaderboardQuerySchema = z.object({
  company: optionalQuery(idField('Company')),
  format: exportFormatField,
});
/** Top 10: `month` absent → the yearly leaderboard; `year` absent → the current year in the company's time zone. */
export const top10QuerySchema = z.object({
  userId: optionalQuery(idField('User')),
  year: optionalQuery(yearField),
  month: optionalQuery(monthField),
});
