import type { z } from 'zod';
import type { announcementListQuerySchema, taskListQuerySchema, taskSummaryQuerySchema, userListQuerySchema } from './paging';
import type { changePasswordSchema, loginSchema } from './auth';
import type { createAnnouncementSchema, pinAnnouncementSchema, updateAnnouncementSchema } from './announcements';
import type { assignBadgeSchema } from './badges';
import type { createCompanySchema, updateCompanySchema } from './companies';
import type { generateLeaderboardSchema, leaderboardPageQuerySchema, leaderboardQuerySchema, monthlyParamsSchema, top10QuerySchema, yearlyParamsSchema } from './leaderboard';
import type { companyStatsQuerySchema, executiveStatsQuerySchema } from './stats';
import type { createTaskSchema, scoreChainQuerySchema, scoreTaskSchema, submitTaskSchema, updateTaskSchema } from './tasks';
import type { createUserSchema, updateUserSchema } from './users';
import type { claimWallSchema } from './walls';

/*
 * What a handler receives once its schema has parsed the request (trimmed, defaulted, dates as Date): the
 * output side of each request schema. The `…Request` types are the input side, what a client sends.
 */

export type LoginInput = z.output<typeof loginSchema>;
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

export type CreateCompanyInput = z.output<typeof createCompanySchema>;
export type UpdateCompanyInput = z.output<typeof updateCompanySchema>;

export type CreateUserInput = z.output<typeof createUserSchema>;
export type UpdateUserInput = z.output<typeof updateUserSchema>;
export type UserListInput = z.output<typeof userListQuerySchema>;

export type CreateTaskInput = z.output<typeof createTaskSchema>;
export type UpdateTaskInput = z.output<typeof updateTaskSchema>;
export type SubmitTaskInput = z.output<typeof submitTaskSchema>;
export type ScoreTaskInput = z.output<typeof scoreTaskSchema>;
export type TaskListInput = z.output<typeof taskListQuerySchema>;
export type TaskSummaryInput = z.output<typeof taskSummaryQuerySchema>;
export type ScoreChainQueryInput = z.output<typeof scoreChainQuerySchema>;

export type CreateAnnouncementInput = z.output<typeof createAnnouncementSchema>;
export type UpdateAnnouncementInput = z.output<typeof updateAnnouncementSchema>;
export type PinAnnouncementInput = z.output<typeof pinAnnouncementSchema>;
export type AnnouncementListInput = z.output<typeof announcementListQuerySchema>;

export type AssignBadgeInput = z.output<typeof assignBadgeSchema>;
export type ClaimWallInput = z.output<typeof claimWallSchema>;

export type GenerateLeaderboardInput = z.output<typeof generateLeaderboardSchema>;
export type LeaderboardQueryInput = z.output<typeof leaderboardQuerySchema>;
export type LeaderboardPageQueryInput = z.output<typeof leaderboardPageQuerySchema>;
export type Top10QueryInput = z.output<typeof top10QuerySchema>;
export type MonthlyParamsInput = z.output<typeof monthlyParamsSchema>;
export type YearlyParamsInput = z.output<typeof yearlyParamsSchema>;

export type ExecutiveStatsQueryInput = z.output<typeof executiveStatsQuerySchema>;
export type CompanyStatsQueryInput = z.output<typeof companyStatsQuerySchema>;
