import { z } from 'zod';
import { LIMITS, PRIORITIES, TASK_STATUSES, type Priority, type TaskStatus } from './constants';
import { dateField, httpUrl, idField, optionalText, requiredText } from './common/fields';
import { isValidScore } from './rules';
import type { Role } from './common/roles';

export interface TaskScoring {
  qualityScore: number;
  timeScore: number;
  initiativeScore: number;
  totalScore: number;
  feedback: string;
  scoredAt: string;
  scoredBy: { _id: string; name: string } | null;
}
export interface TaskSubmission {
  content: string;
  submittedAt: string;
}
export interface TaskComment {
  _id: string;
  author: { _id: string; name: string } | null;
  authorName: string;
  role: Role;
  text: string;
  createdAt: string;
}
export interface Task {
  _id: string;
  title: string;
  description: string;
  assignedTo: { _id: string; name: string; department: string } | null;
  deadline: string;
  priority: Priority;
  reportLink: string;
  status: TaskStatus;
  company: string;
  createdAt: string;
  updatedAt: string;
  submission: TaskSubmission | null;
  scoring: TaskScoring | null;
  comments: TaskComment[];
}
export interface ScoreHistoryEntry {
  _id: string;
  task: string;
  scoredBy: { _id: string; name: string } | null;
  at: string;
  reason: 'scored' | 'rescored';
  previous: Omit<TaskScoring, 'scoredAt' | 'scoredBy'> | null;
  next: Omit<TaskScoring, 'scoredAt' | 'scoredBy'>;
}

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
  /** Accepted for SPEC §7 compatibility; the company always comes from the caller. */
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
    .union([z.number(), z.string().trim().min(1)], { error: SCORE_REQUIRED })
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
