import { parse } from 'csv-parse/sync';
import {
  IMPORT_FIELDS,
  IMPORT_HEADER_SYNONYMS,
  IMPORT_LIMITS,
  LIMITS,
  emailField,
  parseActiveCell,
  phoneNumberProblem,
  requiredText,
  type ImportEdit,
  type ImportField,
  type ImportMapping,
  type Role,
} from '@kpi/contracts';

/** A problem with the file as a whole (encoding, shape, size): a 400 naming `file`. */
export class ImportFileError extends Error {}

export interface ParsedFile {
  headers: string[];
  delimiter: ',' | ';';
  /** Data rows with the file line each starts on (the header is line 1, or 2 after our exports' `#` line). */
  rows: { line: number; cells: string[] }[];
}

/**
 * The file's bytes as text: UTF-8 with or without its byte order mark. Anything else is refused with the
 * encoding named, since a spreadsheet's "CSV" is often Windows-1252 or UTF-16 and would otherwise import as
 * mangled names.
 */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    throw new ImportFileError('The file is UTF-16, not UTF-8: save it as "CSV UTF-8" and upload it again');
  }
  const start = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(start));
  } catch {
    throw new ImportFileError('The file is not valid UTF-8 (it looks like Windows-1252 or Latin-1): save it as "CSV UTF-8" and upload it again');
  }
}

/** `,` or `;`, whichever separates more cells of the header line (quoted text not counted). */
export function detectDelimiter(firstLine: string): ',' | ';' {
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  const count = (c: string) => unquoted.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/**
 * Parses the text with csv-parse (quoted fields, doubled quotes, line breaks in cells, CRLF or LF). A first line
 * starting with `#` is the comment line our own CSV files begin with (common/csv): it is skipped, so an export
 * imports back as it is.
 */
export function parseCsv(text: string): ParsedFile {
  let body = text;
  let skipped = 0;
  if (body.startsWith('#')) {
    const end = body.indexOf('\n');
    body = end === -1 ? '' : body.slice(end + 1);
    skipped = 1;
  }
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  if (firstLine.trim() === '') throw new ImportFileError('The file is empty: its first line must name the columns');
  const delimiter = detectDelimiter(firstLine);
  let records: { record: string[]; info: { lines: number; empty_lines: number } }[];
  try {
    records = parse(body, { delimiter, info: true, relax_column_count: true, skip_empty_lines: true, bom: false }) as unknown as typeof records;
  } catch (err) {
    throw new ImportFileError(`The file is not a valid CSV file: ${(err as Error).message}`);
  }
  if (records.length - 1 > IMPORT_LIMITS.rows) {
    throw new ImportFileError(`The file has ${records.length - 1} rows: at most ${IMPORT_LIMITS.rows.toLocaleString('en-US')} can be imported at once`);
  }
  const [head, ...data] = records;
  let previousEnd = head.info.lines;
  let previousEmpty = head.info.empty_lines;
  const rows = data
    .map(({ record, info }) => {
      const line = previousEnd + 1 + (info.empty_lines - previousEmpty) + skipped;
      previousEnd = info.lines;
      previousEmpty = info.empty_lines;
      return { line, cells: record };
    })
    // A row of only empty cells (a spreadsheet's trailing `,,,`) is not a person.
    .filter((row) => row.cells.some((c) => c.trim() !== ''));
  return { headers: head.record.map((h) => h.trim()), delimiter, rows };
}

const normalHeader = (header: string) => header.toLowerCase().replace(/[\s_.-]/g, '');

/** Each field's column, matched by header (any case, spaces and `_ - .` ignored, a few synonyms); first match wins. */
export function autoMapping(headers: string[]): ImportMapping {
  const normal = headers.map(normalHeader);
  const mapping = {} as ImportMapping;
  for (const field of IMPORT_FIELDS) {
    const synonyms = IMPORT_HEADER_SYNONYMS[field].map(normalHeader);
    const index = normal.findIndex((h) => synonyms.includes(h));
    mapping[field] = index === -1 ? null : index;
  }
  return mapping;
}

export type RowCells = Record<ImportField, string>;

export interface MappedRow {
  line: number;
  cells: RowCells;
}

/**
 * A cell as the person typed it: our CSV files write `'` before text a spreadsheet would run as a formula
 * (common/csv), so `'+1 555 0100` reads back as `+1 555 0100` and an export imports back unchanged.
 */
export const cellText = (cell: string): string => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell).trim();

/** The rows' cells by field, with the cells fixed on screen applied on top (an edit of a line not in the file is ignored). */
export function mapRows(file: ParsedFile, mapping: ImportMapping, edits: ImportEdit[] = []): MappedRow[] {
  const byLine = new Map<number, ImportEdit[]>();
  for (const edit of edits) byLine.set(edit.line, [...(byLine.get(edit.line) ?? []), edit]);
  return file.rows.map(({ line, cells }) => {
    const mapped = {} as RowCells;
    for (const field of IMPORT_FIELDS) {
      const column = mapping[field];
      mapped[field] = column === null ? '' : cellText(cells[column] ?? '');
    }
    for (const edit of byLine.get(line) ?? []) mapped[edit.field] = edit.value.trim();
    return { line, cells: mapped };
  });
}

/** A row whose cells passed the per-cell checks: what the file says (empty cells: undefined, "leave as it is"). */
export interface CheckedRow {
  line: number;
  cells: RowCells;
  email: string;
  name?: string;
  department?: string;
  phone?: string;
  active?: boolean;
}
export interface Rejection {
  line: number;
  cells: RowCells;
  field: ImportField;
  message: string;
}

// The contracts' own user fields, so a file is held to the same limits as the form.
const nameField = requiredText('Full name', LIMITS.name);
const departmentField = requiredText('Department', LIMITS.department);
const phoneField = requiredText('Phone number', LIMITS.phone);

/**
 * Per-cell checks, and duplicates within the file: the first row with an email wins, later ones are rejected
 * naming its line. Says nothing yet about who already exists (`decide` does).
 */
export function checkRows(rows: MappedRow[]): (CheckedRow | Rejection)[] {
  const firstLine = new Map<string, number>();
  return rows.map(({ line, cells }) => {
    const reject = (field: ImportField, message: string): Rejection => ({ line, cells, field, message });
    const email = emailField.safeParse(cells.email);
    if (!email.success) return reject('email', email.error.issues[0].message);
    const earlier = firstLine.get(email.data);
    if (earlier !== undefined) return reject('email', `Email appears more than once in the file (first on line ${earlier})`);
    firstLine.set(email.data, line);
    const row: CheckedRow = { line, cells, email: email.data };
    for (const [field, schema, key] of [
      ['name', nameField, 'name'],
      ['department', departmentField, 'department'],
      ['phone', phoneField, 'phone'],
    ] as const) {
      if (cells[field] === '') continue;
      const parsed = schema.safeParse(cells[field]);
      if (!parsed.success) return reject(field, parsed.error.issues[0].message);
      row[key] = parsed.data;
    }
    const active = parseActiveCell(cells.active);
    if (active === 'invalid') return reject('active', 'Active must be yes or no');
    if (active !== null) row.active = active;
    return row;
  });
}

export const isRejection = (row: CheckedRow | Rejection): row is Rejection => 'message' in row;

/** A person the file's email already names, anywhere in the product. */
export interface ExistingPerson {
  id: string;
  email: string;
  role: Role;
  companyId: string | null;
  name: string;
  department: string;
  phone: string;
  isActive: boolean;
}

export interface ImportTarget {
  companyId: string;
  role: 'executive' | 'admin';
  /** Nobody deactivates their own account, through a file either. */
  actorId: string;
}

export type Decision =
  | { kind: 'create'; person: { name: string; email: string; department: string; phoneNumber: string } }
  | { kind: 'update' | 'deactivate'; personId: string; changes: { name?: string; department?: string; phoneNumber?: string; isActive?: boolean } }
  | { kind: 'unchanged'; personId: string }
  | { kind: 'rejected'; field: ImportField; message: string };

const ROLE_NAMES = { executive: 'an executive', admin: 'an admin', superadmin: 'the superadmin' } as const;

/**
 * What a checked row does given the person its email names (matched any case: emails are stored lower-case),
 * or nobody. Empty cells leave a person's value as it is; a phone number is held to the import's format only
 * when it would be written, so an export of numbers typed into the form imports back unchanged.
 */
export function decide(row: CheckedRow, existing: ExistingPerson | undefined, target: ImportTarget): Decision {
  const reject = (field: ImportField, message: string): Decision => ({ kind: 'rejected', field, message });
  if (!existing) {
    if (row.active === false) return reject('active', 'A new person cannot be imported as inactive');
    if (row.name === undefined) return reject('name', 'Full name is required');
    if (row.department === undefined) return reject('department', 'Department is required');
    if (row.phone === undefined) return reject('phone', 'Phone number is required');
    const phoneProblem = phoneNumberProblem(row.phone);
    if (phoneProblem) return reject('phone', phoneProblem);
    return { kind: 'create', person: { name: row.name, email: row.email, department: row.department, phoneNumber: row.phone } };
  }
  if (existing.companyId !== target.companyId) return reject('email', 'Email is already used by an account outside this company');
  if (existing.role !== target.role) return reject('email', `Email belongs to ${ROLE_NAMES[existing.role]} of this company: an import cannot change roles`);
  const changes: { name?: string; department?: string; phoneNumber?: string; isActive?: boolean } = {};
  if (row.name !== undefined && row.name !== existing.name) changes.name = row.name;
  if (row.department !== undefined && row.department !== existing.department) changes.department = row.department;
  if (row.phone !== undefined && row.phone !== existing.phone) {
    const phoneProblem = phoneNumberProblem(row.phone);
    if (phoneProblem) return reject('phone', phoneProblem);
    changes.phoneNumber = row.phone;
  }
  if (row.active !== undefined && row.active !== existing.isActive) {
    if (existing.id === target.actorId) return reject('active', 'You cannot deactivate your own account');
    changes.isActive = row.active;
  }
  if (Object.keys(changes).length === 0) return { kind: 'unchanged', personId: existing.id };
  return { kind: changes.isActive === false ? 'deactivate' : 'update', personId: existing.id, changes };
}
