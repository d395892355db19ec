import { z } from 'zod';
import { LIMITS } from './constants';
import { idField, optionalText, timestampField } from './common/fields';
import { pageQuerySchema } from './paging';

/**
 * Bulk import of people from a CSV file (docs/imports.md): executives by their company's admins, admins by the
 * superadmin. A dry run says what would happen; applying runs in the background, in batches.
 */

export const IMPORT_KINDS = ['executives', 'admins'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The columns an import understands; `active` (yes / no) is optional and is how a file deactivates someone. */
export const IMPORT_FIELDS = ['name', 'email', 'department', 'phone', 'active'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** The headers the template and the export write, in this order. */
export const IMPORT_HEADERS: Record<ImportField, string> = { name: 'Name', email: 'Email', department: 'Department', phone: 'Phone', active: 'Active' };

/** Header spellings matched to a field, compared lower-cased without spaces, `_`, `-` or `.`. */
export const IMPORT_HEADER_SYNONYMS: Record<ImportField, readonly string[]> = {
  name: ['name', 'fullname', 'employeename', 'person', 'displayname'],
  email: ['email', 'emailaddress', 'mail', 'e-mail', 'workemail'],
  department: ['department', 'dept', 'team', 'division'],
  phone: ['phone', 'phonenumber', 'telephone', 'tel', 'mobile', 'cell'],
  active: ['active', 'isactive', 'enabled', 'status'],
};

export const IMPORT_LIMITS = {
  /** Data rows in one file. */
  rows: 20_000,
  /** The file's size in bytes (20,000 rows of the longest fields allowed fit). */
  fileBytes: 12 * 1024 * 1024,
  /** Rows written per transaction while applying. */
  batch: 200,
  /** Rejected rows listed in a dry run's answer (the counts are always exact; the result file lists them all). */
  listedRejections: 500,
  /** Cell edits sent with one dry run or apply. */
  edits: 2_000,
} as const;

/** Which column (0-based) each field is read from; null: the file has no such column. */
export const importMappingSchema = z.object(
  Object.fromEntries(IMPORT_FIELDS.map((f) => [f, z.number({ error: `Mapping of ${f} must be a column number` }).int().min(0).max(199).nullable()])) as Record<
    ImportField,
    z.ZodNullable<z.ZodNumber>
  >,
);
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** A cell fixed in place on the dry-run screen: the value the `field` of row `line` should have. */
export const importEditSchema = z.object({
  line: z.number({ error: 'Line must be a number' }).int().min(1, 'Line must be a number'),
  field: z.enum(IMPORT_FIELDS, { error: `Field must be one of ${IMPORT_FIELDS.join(', ')}` }),
  value: optionalText('Value', LIMITS.email * 2),
});
export type ImportEdit = z.infer<typeof importEditSchema>;

const base64Max = Math.ceil(IMPORT_LIMITS.fileBytes / 3) * 4;

/** POST /imports/dry-run and POST /imports: the file (base64 of its bytes), the mapping, the cells fixed. */
export const importRequestSchema = z.object({
  kind: z.enum(IMPORT_KINDS, { error: `Kind must be one of ${IMPORT_KINDS.join(', ')}` }),
  /** The superadmin names the company whose admins are imported; an admin's is their own. */
  company: idField('Company').optional(),
  fileName: optionalText('File name', 200).optional(),
  file: z
    .string({ error: 'File is required' })
    .min(1, 'File is required')
    .max(base64Max, `File must be at most ${IMPORT_LIMITS.fileBytes / 1024 / 1024} MB`)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'File must be sent as base64'),
  /** Absent: the columns are matched by their headers. */
  mapping: importMappingSchema.optional(),
  edits: z.array(importEditSchema).max(IMPORT_LIMITS.edits, `At most ${IMPORT_LIMITS.edits} edits`).optional(),
});
export type ImportRequest = z.input<typeof importRequestSchema>;
export type ImportRequestInput = z.output<typeof importRequestSchema>;

export const importCountsSchema = z.object({
  create: z.number().int(),
  update: z.number().int(),
  /** Rows that match a person exactly as they are: nothing to do. */
  unchanged: z.number().int(),
  deactivate: z.number().int(),
  rejected: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const importRejectionSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  field: z.enum(IMPORT_FIELDS),
  message: z.string(),
  /** The row's cells as mapped, so the screen can show and fix it. */
  cells: z.record(z.enum(IMPORT_FIELDS), z.string()),
});
export type ImportRejection = z.infer<typeof importRejectionSchema>;

/** What a dry run answers: nothing has been written. */
export const importPreviewSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  companyId: z.string(),
  headers: z.array(z.string()),
  delimiter: z.enum([',', ';']),
  mapping: importMappingSchema,
  rows: z.number().int(),
  counts: importCountsSchema,
  /** The first IMPORT_LIMITS.listedRejections rejected rows, in file order. */
  rejections: z.array(importRejectionSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const IMPORT_STATUSES = ['running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const importJobSchema = z.object({
  id: z.string(),
  kind: z.enum(IMPORT_KINDS),
  companyId: z.string(),
  companyName: z.string(),
  fileName: z.string(),
  /** `running` until every row is done (also while waiting to be resumed after a node stopped); `failed`: a batch
   * could not be written, the rows before it are, and Resume continues from it. */
  status: z.enum(IMPORT_STATUSES),
  rows: z.number().int(),
  /** Rows with an outcome so far. */
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  deactivated: z.number().int(),
  rejected: z.number().int(),
  error: z.string().nullable(),
  createdBy: z.object({ id: z.string().nullable(), name: z.string() }),
  createdAt: timestampField,
  finishedAt: timestampField.nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importListQuerySchema = pageQuerySchema.extend({
  company: idField('Company').optional(),
  kind: z.enum(IMPORT_KINDS, { error: `Kind must be one of ${IMPORT_KINDS.join(', ')}` }).optional(),
});
export type ImportListQuery = z.input<typeof importListQuerySchema>;
export type ImportListInput = z.output<typeof importListQuerySchema>;

/** GET /imports/template and /imports/export. */
export const importFileQuerySchema = z.object({
  kind: z.enum(IMPORT_KINDS, { error: `Kind must be one of ${IMPORT_KINDS.join(', ')}` }),
  company: idField('Company').optional(),
});
export type ImportFileInput = z.output<typeof importFileQuerySchema>;

export const IMPORT_OUTCOMES = ['created', 'updated', 'unchanged', 'deactivated', 'rejected'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

/**
 * A phone number a file may set: digits, spaces and + ( ) - . / only, at least 5 digits. The form takes any text;
 * a spreadsheet's cell is more often a mistake (a date, a name in the wrong column), so the import is stricter
 * with the numbers it writes (docs/imports.md).
 */
export function phoneNumberProblem(value: string): string | null {
  if (!/^\+?[0-9 ()./-]+$/.test(value)) return 'Phone number may contain only digits, spaces and + ( ) - . /';
  if ((value.match(/[0-9]/g) ?? []).length < 5) return 'Phone number must have at least 5 digits';
  return null;
}

/** `active` cells: yes / no and their usual spellings; anything else is refused. Empty: leave as it is. */
export function parseActiveCell(value: string): boolean | null | 'invalid' {
  const v = value.trim().toLowerCase();
  if (v === '') return null;
  if (['yes', 'y', 'true', '1', 'active'].includes(v)) return true;
  if (['no', 'n', 'false', '0', 'inactive', 'deactivated'].includes(v)) return false;
  return 'invalid';
}
