import { z } from 'zod';
import { ROLES } from './common/roles';
import { dateField, idField, timestampField } from './common/fields';
import { pageQuerySchema } from './paging';

/**
 * The audit trail (docs/audit.md): one entry per change an admin or the superadmin (or an executive, for their
 * own submissions and password) makes, written with the change, hash-chained per company.
 * A kind is `<subject>.<what happened>`.
 */
export const AUDIT_KINDS = [
  'company.created', 'company.updated', 'company.deleted',
  'user.created', 'user.updated', 'user.deleted',
  'task.created', 'task.updated', 'task.deleted', 'task.submitted', 'task.scored', 'task.rescored',
  'badge.awarded',
  'announcement.created', 'announcement.updated', 'announcement.pinned', 'announcement.unpinned', 'announcement.deleted',
  'leaderboard.published',
  'webhook.created', 'webhook.updated', 'webhook.deleted', 'webhook.tested', 'webhook.redelivered',
  'sign-in.updated', 'sign-in.removed',
  'wall.paired', 'wall.unpaired',
  'import.applied',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_SUBJECT_TYPES = ['company', 'user', 'task', 'announcement', 'leaderboard', 'webhook', 'sign-in', 'wall', 'import'] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

/** A JSON value as an entry records it (before or after). */
export type AuditValue = string | number | boolean | null | AuditValue[] | { [key: string]: AuditValue };
const auditValue: z.ZodType<AuditValue> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(auditValue), z.record(z.string(), auditValue)]),
);

/** One changed field: its value before and after; a secret (`redacted`) says only that it changed. */
export const auditChangeSchema = z.object({
  field: z.string(),
  before: auditValue,
  after: auditValue,
  redacted: z.boolean().optional(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  _id: z.string(),
  /** Null for the superadmin's changes that belong to no company. */
  company: z.string().nullable(),
  /** Position in its company's chain (1, 2, …). */
  seq: z.number().int(),
  at: timestampField,
  kind: z.enum(AUDIT_KINDS),
  actor: z.object({ _id: z.string().nullable(), name: z.string(), role: z.enum(ROLES) }),
  subject: z.object({ type: z.enum(AUDIT_SUBJECT_TYPES), id: z.string(), label: z.string() }),
  changes: z.array(auditChangeSchema),
  /** The X-Request-Id of the request that made the change: the api's log lines carry the same id. */
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const KIND_MESSAGE = `Kind must be one of ${AUDIT_KINDS.join(', ')}`;

/** GET /audit: newest first; admins their company, the superadmin every company or `?company=`. */
export const auditListQuerySchema = pageQuerySchema.extend({
  company: idField('Company').optional(),
  /** Entries this person made. */
  person: idField('Person').optional(),
  kind: z.enum(AUDIT_KINDS, { error: KIND_MESSAGE }).optional(),
  /** From this instant on (a date alone: from its start, UTC). */
  from: dateField('From').optional(),
  /** Up to this instant (a date alone: to the end of that day, UTC). */
  to: dateField('To').optional(),
});
export type AuditListQuery = z.input<typeof auditListQuerySchema>;
export type AuditListInput = z.output<typeof auditListQuerySchema>;

/** GET /audit/export: the same filters, every matching entry (up to AUDIT_EXPORT_MAX) as CSV. */
export const auditExportQuerySchema = auditListQuerySchema.omit({ limit: true, cursor: true });
export type AuditExportInput = z.output<typeof auditExportQuerySchema>;
export const AUDIT_EXPORT_MAX = 50_000;

/** GET /audit/verify: an admin's own company; the superadmin `?company=`, or every chain without it. */
export const auditVerifyQuerySchema = z.object({ company: idField('Company').optional() });
export type AuditVerifyQuery = z.input<typeof auditVerifyQuerySchema>;

export const auditVerifyReportSchema = z.object({
  /** The company checked; null when the superadmin checked every chain. */
  companyId: z.string().nullable(),
  intact: z.boolean(),
  /** Entries whose hash and link were recomputed. */
  checked: z.number().int(),
  /** Entries removed by the retention setting: the chain starts after them (docs/audit.md). */
  pruned: z.number().int(),
  /** The first entry whose content or link does not match, or where an entry is missing. */
  firstBroken: z.object({ id: z.string().nullable(), company: z.string().nullable(), seq: z.number().int() }).nullable(),
});
export type AuditVerifyReport = z.infer<typeof auditVerifyReportSchema>;

/** Labels the Audit screen shows for a kind. */
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  'company.created': 'Company created',
  'company.updated': 'Company updated',
  'company.deleted': 'Company deleted',
  'user.created': 'Person created',
  'user.updated': 'Person updated',
  'user.deleted': 'Person deleted',
  'task.created': 'Task created',
  'task.updated': 'Task updated',
  'task.deleted': 'Task deleted',
  'task.submitted': 'Work submitted',
  'task.scored': 'Task scored',
  'task.rescored': 'Task re-scored',
  'badge.awarded': 'Badge awarded',
  'announcement.created': 'Announcement posted',
  'announcement.updated': 'Announcement edited',
  'announcement.pinned': 'Announcement pinned',
  'announcement.unpinned': 'Announcement unpinned',
  'announcement.deleted': 'Announcement deleted',
  'leaderboard.published': 'Leaderboard published',
  'webhook.created': 'Webhook added',
  'webhook.updated': 'Webhook changed',
  'webhook.deleted': 'Webhook removed',
  'webhook.tested': 'Webhook tested',
  'webhook.redelivered': 'Event redelivered',
  'sign-in.updated': 'Sign-in settings saved',
  'sign-in.removed': 'Single sign-on turned off',
  'wall.paired': 'Wall display paired',
  'wall.unpaired': 'Wall display removed',
  'import.applied': 'Import applied',
};
