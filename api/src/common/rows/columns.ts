/**
 * Plain-row helpers for read paths that skip entity hydration: the same column comes back as a number
 * (SQLite: epoch milliseconds, 0/1) or a Date/boolean (PostgreSQL), and the wire wants ISO strings.
 */
export type DbDate = Date | number | string;

export function toDate(value: DbDate): Date {
  if (value instanceof Date) return value;
  return new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);
}

export const isoDate = (value: DbDate): string => toDate(value).toISOString();
export const isoDateOrNull = (value: DbDate | null | undefined): string | null => (value === null || value === undefined ? null : isoDate(value));
export const bool = (value: boolean | number | string): boolean => value === true || value === 1 || value === '1' || value === 't' || value === 'true';
export const numOrNull = (value: number | string | null | undefined): number | null => (value === null || value === undefined ? null : Number(value));
