import { z } from 'zod';
import { LIMITS, PRIORITIES, TASK_STATUSES } from './constants';
import { dateField, httpUrl, idField, optionalText, requiredText, timestampField } from './common/fields';
import { isValidScore } from './rules';
import { ROLES } from './common/roles';

const personRef = z.object({ _id: z.string(), name: z.string() });
const scores = {
  qualityScore: z.number(),
  timeScore: z.number(),
  initiativeScore: z.number(),
  totalScore: z.number(),
  feedback: z.string(),
};
export const taskScoringSchema = z.object({ ...scores, scoredAt: timestampField, scoredBy: personRef.nullable() });
export type TaskScoring = z.infer<typeof taskScoringSchema>;
export const taskSubmissionSchema = z.object({ content: z.string(), submittedAt: timestampField });
export type TaskSubmission = z.infer<typeof taskSubmissionSchema>;
export const taskCommentSchema = z.object({
  _id: z.string(),
  author: personRef.nullable(),
  authorName: z.string(),
  role: z.enum(ROLES),
  text: z.string(),
  createdAt: timestampField,
});
export type TaskComment = z.infer<typeof taskCommentSchema>;
export const taskSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  assignedTo: z.object({ _id: z.string(), name: z.string(), department: z.string() }).nullable(),
  deadline: timestampField,
  priority: z.enum(PRIORITIES),
  reportLink: z.string(),
  status: z.enum(TASK_STATUSES),
  /** The stored status behind an overdue reading: what the status badge shows beside OVERDUE. */
  workStatus: z.enum(TASK_STATUSES).exclude(['overdue']),
  company: z.string(),
  createdAt: timestampField,
  updatedAt: timestampField,
  submission: taskSubmissionSchema.nullable(),
  scoring: taskScoringSchema.nullable(),
  comments: z.array(taskCommentSchema),
});
export type Task = z.infer<typeof taskSchema>;
const scoreValues = z.object(scores);
export const scoreHistoryEntrySchema = z.object({
  _id: z.string(),
  task: z.string(),
  scoredBy: personRef.nullable(),
  at: timestampField,
  reason: z.enum(['scored', 'rescored']),
  previous: scoreValues.nullable(),
  next: scoreValues,
  /**
   * Whether the row still matches the hash chain of its company's history: `tampered` means it was edited (or a
   * row before it removed) outside the app; `unchained` rows predate the chain (docs/security.md).
   */
  integrity: z.enum(['intact', 'tampered', 'unchained']),
});
export type ScoreHistoryEntry = z.infer<typeof scoreHistoryEntrySchema>;

/** GET /score-history/verify: the whole chain of one company checked. */
export const scoreChainReportSchema = z.object({
  companyId: z.string(),
  intact: z.boolean(),
  checked: z.number().int(),
  unchained: z.number().int(),
  firstBroken: z.object({ id: z.string(), taskId: z.string(), chainSeq: z.number().int().nullable() }).nullable(),
});
export type ScoreChainReport = z.infer<typeof scoreChainReportSchema>;

/** `?company=` for the superadmin (required for them); an admin's company is their own. */
export const scoreChainQuerySchema = z.object({ company: idField('Company').optional() });

/** Header a client may send with a scoring: a retry with the same key changes nothing (no second history row). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

const priority = z.enum(PRIORITIES, { error: 'Priority must be one of low, medium, high, urgent' });

export const createTaskSchema = z.object({
  title: requiredText('Title', LIMITS.title),
  description: requiredText('Description', LIMITS.description),
  assignedTo: z
    .string({ error: 'Please select an executive to assign this task to' })
    .trim()
    .min(1, 'Please select an executive to assign this task to')
    .max(64, 'Please select an executive to assign this task to'),
  deadline: dateField('Deadline'),
  priority: priority.default('medium'),
  reportLink: httpUrl('Report link', 'Report link is required'),
  /** Accepted for older clients (docs/product.md#rest-api); the company always comes from the caller. */
  company: idField('Company').optional().nullable(),
});
export const updateTaskSchema = z.object({
  title: requiredText('Title', LIMITS.title).optional(),
  description: requiredText('Description', LIMITS.description).optional(),
  assignedTo: createTaskSchema.shape.assignedTo.optional(),
  deadline: dateField('Deadline').optional(),
  priority: priority.optional(),
  reportLink: httpUrl('Report link', 'Report link is required').optional(),
  status: z.enum(['pending', 'in-progress'], { error: 'Status can only be set to pending or in-progress' }).optional(),
  company: idField('Company').optional().nullable(),
});
export type CreateTaskRequest = z.input<typeof createTaskSchema>;
export type UpdateTaskRequest = z.input<typeof updateTaskSchema>;

export const submitTaskSchema = z.object({
  content: z
    .string({ error: 'Please provide submission content' })
    .trim()
    .min(1, 'Please provide submission content')
    .max(LIMITS.submission, `Submission must be at most ${LIMITS.submission} characters`),
});
export type SubmitTaskRequest = z.input<typeof submitTaskSchema>;

const SCORE_REQUIRED = 'Quality, initiative, and feedback are required';
/** A score arrives as a number (or numeric text from a form field) and must be 0..10 in steps of 0.1. */
const score = (label: string) =>
  z
    .union([z.number(), z.string().trim().min(1, SCORE_REQUIRED)], { error: SCORE_REQUIRED })
    .transform((v) => Number(v))
    .refine(isValidScore, `${label} score must be between 0 and 10`);

export const scoreTaskSchema = z.object({
  qualityScore: score('Quality'),
  initiativeScore: score('Initiative'),
  feedback: z
    .string({ error: SCORE_REQUIRED })
    .trim()
    .min(1, SCORE_REQUIRED)
    .max(LIMITS.feedback, `Feedback must be at most ${LIMITS.feedback} characters`),
  comment: optionalText('Comment', LIMITS.comment).optional(),
});
export type ScoreTaskRequest = z.input<typeof scoreTaskSchema>;
