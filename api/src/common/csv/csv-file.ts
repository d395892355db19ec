export type CsvValue = string | number | null | undefined;

/** A CSV download a service returns; `CsvInterceptor` (csv.interceptor.ts) sends it as text/csv instead of JSON. */
export class CsvDocument {
  constructor(
    readonly filename: string,
    readonly body: string,
  ) {}
}

/**
 * One RFC 4180 cell. Text that a spreadsheet would run as a formula (starting with = + - @, tab or carriage
 * return) is prefixed with an apostrophe; cells with a comma, quote or line break are quoted, quotes doubled.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const LINE = '\r\n';

/**
 * A file: a first `#` comment line (saying what and when; line breaks flattened), then tables separated by
 * a blank line, each a header row followed by its rows.
 */
export function csvFile(comment: string, tables: CsvValue[][][]): string {
  const lines = [`# ${comment.replace(/[\r\n]+/g, ' ')}`];
  tables.forEach((table, i) => {
    if (i > 0) lines.push('');
    for (const row of table) lines.push(row.map(csvCell).join(','));
  });
  return lines.join(LINE) + LINE;
}

/** Figures shown to one decimal, as on screen. */
export const oneDecimal = (value: number): string => value.toFixed(1);
