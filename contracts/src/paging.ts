import { z } from 'zod';
import { idField, onTheWire } from './common/fields';
import { TASK_STATUSES } from './constants';

/** docs/paging.md: every list is paged; the body stays an array, the next cursor rides in headers. */
export const PAGE_DEFAULT = 50;
export const PAGE_MAX = 200;
/** Response header carrying the next page's cursor; absent on the last page. A `Link: <…>; rel="next"` says the same. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

const LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${PAGE_MAX}`;
const CURSOR_MESSAGE = 'Cursor is not valid: start again from the first page';
export const SEARCH_MAX = 100;
const SEARCH_MESSAGE = `Search must be at most ${SEARCH_MAX} characters`;

/** `?limit=&cursor=`; a limit out of range or not a number is a 400 naming `limit`. */
export const pageQuerySchema = z.object({
  limit: z
    .string({ error: LIMIT_MESSAGE })
    .trim()
    .regex(/^\d{1,4}$/, LIMIT_MESSAGE)
    .transform(Number)
    .refine((n) => n >= 1 && n <= PAGE_MAX, LIMIT_MESSAGE)
    .meta(onTheWire({ type: 'integer', minimum: 1, maximum: PAGE_MAX, default: PAGE_DEFAULT, description: 'Rows per page' }))
    .optional()
    .transform((n) => n ?? PAGE_DEFAULT),
  cursor: z.string({ error: CURSOR_MESSAGE }).min(1, CURSOR_MESSAGE).max(1024, CURSOR_MESSAGE).optional(),
});
export type PageQuery = z.output<typeof pageQuerySchema>;
export const CURSOR_INVALID_MESSAGE = CURSOR_MESSAGE;

/** A visible status, or `open`: pending or in progress with the deadline not yet past. */
export const TASK_LIST_STATUSES = [...TASK_STATUSES, 'open'] as const;
export type TaskListStatus = (typeof TASK_LIST_STATUSES)[number];
const taskStatus = z.enum(TASK_LIST_STATUSES, { error: `Status must be one of ${TASK_LIST_STATUSES.join(', ')}` });

/** GET /tasks (admin: their company; superadmin: `?company=` or all) and GET /tasks/user/{id}. */
export const taskListQuerySchema = pageQuerySchema.extend({
  company: idField('Company').optional(),
  /** The status a reader sees: `overdue` is derived (deadline past, neither submitted nor completed). */
  status: taskStatus.optional(),
  assignedTo: idField('Assigned to').optional(),
});
export type TaskListQuery = z.input<typeof taskListQuerySchema>;

/** GET /tasks/summary: the counters of the task screens, over every task in scope, not one page. */
export const taskSummaryQuerySchema = z.object({
  company: idField('Company').optional(),
  /** Executives: their own id or nothing (it defaults to them). */
  assignedTo: idField('Assigned to').optional(),
});
export type TaskSummaryQuery = z.input<typeof taskSummaryQuerySchema>;

export const taskSummarySchema = z.object({
  total: z.number().int(),
  /** Pending or in progress, deadline not yet past. */
  pending: z.number().int(),
  inProgress: z.number().int(),
  overdue: z.number().int(),
  /** Submitted and waiting for a score. */
  pendingReview: z.number().int(),
  completed: z.number().int(),
});
export type TaskSummary = z.infer<typeof taskSummarySchema>;

/** GET /users and GET /users/company/{id}. */
export const userListQuerySchema = pageQuerySchema.extend({
  company: idField('Company').optional(),
  role: z.enum(['superadmin', 'admin', 'executive'], { error: 'Role must be one of superadmin, admin, executive' }).optional(),
  /** Part of a name, e-mail or department, any case (pickers at a thousand executives); blank means no filter. */
  search: z
    .string({ error: SEARCH_MESSAGE })
    .trim()
    .max(SEARCH_MAX, SEARCH_MESSAGE)
    .optional()
    .transform((s) => s || undefined),
});

/** GET /announcements. */
export const announcementListQuerySchema = pageQuerySchema.extend({
  company: idField('Company').optional(),
});

/** GET /notifications: the body stays `{ items, unread }`; `unread` counts every unread one, not the page. */
export const notificationListQuerySchema = pageQuerySchema;
