/** The business constants and limits of docs/product.md#business-rules-and-constants: one place for api and web. */

export const PRODUCT_NAME = 'KPI Tracker';
export const PRODUCT_TAGLINE = 'Executive KPI Tracker';

export const SCORE_MAX = 10;
export const SCORE_STEP = 0.1;
export const SCORE_WEIGHTS = { quality: 0.4, time: 0.4, initiative: 0.2 } as const;
export const TIME_SCORE_ON_TIME = 10;
export const TIME_SCORE_LATE = 8;

export const LEVEL_THRESHOLDS = { excellent: 7.5, satisfactory: 6 } as const;
export const LEADERBOARD_SIZE = 10;
export const YEARS_SHOWN = 5;
export const MIN_PASSWORD_LENGTH = 8;

export const PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const TASK_STATUSES = ['pending', 'in-progress', 'submitted', 'completed', 'overdue'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const PERFORMANCE_LEVELS = ['excellent', 'satisfactory', 'underperforming'] as const;
export type PerformanceLevel = (typeof PERFORMANCE_LEVELS)[number];

export const HEALTH_THRESHOLDS = {
  score: { good: 7.5, fair: 6 },
  completion: { high: 80, moderate: 60 },
  companies: { scaling: 5, growing: 2 },
} as const;

export const TOAST_DURATION_MS = { success: 2000, error: 4000 } as const;

export const LIMITS = {
  name: 120,
  email: 254,
  title: 200,
  description: 5000,
  submission: 10000,
  feedback: 2000,
  comment: 2000,
  announcementContent: 10000,
  url: 2048,
  password: 200,
  phone: 40,
  department: 120,
  industry: 120,
} as const;

export const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;
