import type { EntityManager } from '@mikro-orm/knex';
import type { MailKind, MailMode, Role } from '@kpi/contracts';
import { dbDate, placeholders } from '../../common/rows/params';
import type { Scope } from '../../common/tenancy/scope';
import { execute } from '../../database/bound-sql';

export type Modes = Partial<Record<MailKind, MailMode>>;

/** The stored choices as the driver returns them (SQLite: JSON text; PostgreSQL: an object), or null for none. */
export function parseModes(value: unknown): Modes | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as Modes;
}

/** A person's stored email choices (null where they chose nothing) and their company's time zone. */
export interface StoredChoices {
  modes: Modes | null;
  digestTime: string | null;
  timeZone: string;
}

/** A person the fan-out may write to, with their choices. */
export interface Recipient {
  id: string;
  role: Role;
  modes: Modes | null;
}

/**
 * The email choices' table (mail_preferences) and the people the fan-out writes to: every statement, each limited to
 * the scope's company, except the signed unsubscribe link's read, which names its person by id before anyone signs in.
 */

/** A person's choices in the scope's company, and that company's zone. */
export async function choicesOf(em: EntityManager, scope: Scope, userId: string): Promise<StoredChoices> {
  const companyId = scope.own();
  const [row] = await execute<{ time_zone: string; modes: unknown; digest_time: string | null }>(
    em,
    'select c.time_zone, p.modes, p.digest_time from companies c left join mail_preferences p on p.user_id = ? and p.company_id = ? where c.id = ?',
    [userId, companyId, companyId],
  );
  return { modes: parseModes(row?.modes), digestTime: row?.digest_time ?? null, timeZone: row?.time_zone ?? 'UTC' };
}

/** The person a signed unsubscribe link names: their company, role and choices; undefined once deleted. */
export async function unsubscriberOf(em: EntityManager, userId: string): Promise<{ companyId: string | null; role: Role; modes: Modes | null; digestTime: string | null } | undefined> {
  const [row] = await execute<{ company_id: string | null; role: Role; modes: unknown; digest_time: string | null }>(
    em,
    'select u.company_id, u.role, p.modes, p.digest_time from users u left join mail_preferences p on p.user_id = u.id where u.id = ?',
    [userId],
  );
  return row && { companyId: row.company_id, role: row.role, modes: parseModes(row.modes), digestTime: row.digest_time };
}

/** Writes a person's choices in the scope's company (one row per person). */
export async function saveChoices(em: EntityManager, scope: Scope, userId: string, modes: Modes, digestTime: string): Promise<void> {
  await execute(
    em,
    `insert into mail_preferences (user_id, company_id, modes, digest_time, last_digest_on, updated_at) values (?, ?, ?, ?, null, ?)
     on conflict (user_id) do update set modes = excluded.modes, digest_time = excluded.digest_time, updated_at = excluded.updated_at`,
    [userId, scope.own(), JSON.stringify(modes), digestTime, dbDate(em)(new Date())],
  );
}

/** The active people of the scope's company among `ids` or with one of `roles`, with their choices: one query. */
export async function activeRecipients(em: EntityManager, scope: Scope, ids: string[], roles: Role[]): Promise<Recipient[]> {
  const who = [...(ids.length ? [`u.id in (${placeholders(ids)})`] : []), ...(roles.length ? [`u.role in (${placeholders(roles)})`] : [])];
  if (who.length === 0) return [];
  const company = scope.sql('u.company_id');
  const rows = await execute<{ id: string; role: Role; modes: unknown }>(
    em,
    `select u.id, u.role, p.modes from users u left join mail_preferences p on p.user_id = u.id
     where ${company.sql} and u.is_active = ? and (${who.join(' or ')})`,
    [...company.params, true, ...ids, ...roles],
  );
  return rows.map((r) => ({ id: r.id, role: r.role, modes: parseModes(r.modes) }));
}
