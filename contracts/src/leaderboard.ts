import { z } from 'zod';
import { PERFORMANCE_LEVELS } from './constants';
import { idField, timestampField } from './common/fields';
import { pageQuerySchema } from './paging';

const rankedUser = z.object({ _id: z.string(), name: z.string(), department: z.string() });
export const leaderboardEntrySchema = z.object({
  rank: z.number().int(),
  user: rankedUser,
  totalScore: z.number(),
  tasksCompleted: z.number().int(),
  averageScore: z.number(),
  performanceLevel: z.enum(PERFORMANCE_LEVELS),
  /** Display icons of the badges the executive holds, each badge once, in the order first earned. */
  badges: z.array(z.string()),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;
export const leaderboardPeriodSchema = z.object({
  year: z.number().int(),
  /** 1-12; absent for a yearly leaderboard. */
  month: z.number().int().optional(),
});
export type LeaderboardPeriod = z.infer<typeof leaderboardPeriodSchema>;
export type LeaderboardType = 'monthly' | 'yearly';
export const leaderboardSchema = z.object({
  type: z.enum(['monthly', 'yearly']),
  period: leaderboardPeriodSchema,
  /** Active executives of the company, ranked or not. */
  totalExecutives: z.number().int(),
  /** Executives ranked in the period (at least one task scored), over every page. */
  rankedExecutives: z.number().int(),
  /**
   * One page of the ranking, best first (docs/paging.md: `?limit=&cursor=`, the next page's cursor in
   * `X-Next-Cursor` and `Link`). The CSV export holds every ranked executive.
   */
  entries: z.array(leaderboardEntrySchema),
  /** The calling executive's own row wherever it ranks, on every page; null when they are not ranked (or not an executive). */
  currentUserEntry: leaderboardEntrySchema.nullable(),
  /** When the period was last published (POST /leaderboard/generate); null if never. */
  generatedAt: timestampField.nullable(),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;
export const top10ResponseSchema = z.object({
  top10: z.array(leaderboardEntrySchema),
  currentUserPosition: z.object({ rank: z.number().int(), user: rankedUser, totalScore: z.number() }).nullable(),
  totalExecutives: z.number().int(),
  period: leaderboardPeriodSchema,
});
export type Top10Response = z.infer<typeof top10ResponseSchema>;

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
  company: optionalQuery(idField('Company')).meta({ description: 'Required for the superadmin (a 400 naming `company` without it); an admin or executive reads their own company' }),
  format: exportFormatField,
});
/** The live ranking: also `?limit=&cursor=` (a page; the CSV export ignores them and holds every ranked executive). */
export const leaderboardPageQuerySchema = leaderboardQuerySchema.extend(pageQuerySchema.shape);
/** Top 10: `month` absent → the yearly leaderboard; `year` absent → the current year in the company's time zone. */
export const top10QuerySchema = z.object({
  userId: optionalQuery(idField('User')),
  year: optionalQuery(yearField),
  month: optionalQuery(monthField),
});
