import type { MailKind, MailMode } from '@kpi/contracts';

/** The stored choices as the driver returns them (SQLite: JSON text; PostgreSQL: an object), or null for none. */
export function parseModes(value: unknown): Partial<Record<MailKind, MailMode>> | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as Partial<Record<MailKind, MailMode>>;
}
