import type { EntityManager } from '@mikro-orm/knex';
import type { SignInState, User as UserView } from '@kpi/contracts';
import { bool, isoDate, toDate, type DbDate } from '../../common/rows/columns';
import type { SqlCondition } from '../../common/paging/keyset';
import { readRows } from '../../database/read-rows';

export interface UserRow {
  id: string;
  name: string;
  email: string;
  role: UserView['role'];
  department: string;
  phone_number: string;
  company_id: string | null;
  company_name: string | null;
  company_time_zone: string | null;
  is_active: boolean | number;
  must_change_password: boolean | number;
  created_at: DbDate;
  /** Page rows only: whether a password is set, and when the pending invitation (if any) expires. */
  has_password?: boolean | number;
  invite_expires_at?: DbDate | null;
}

const USER_SELECT =
  'select u.id, u.name, u.email, u.role, u.department, u.phone_number, u.company_id, c.name as company_name, c.time_zone as company_time_zone, u.is_active, u.must_change_password, u.created_at from users u left join companies c on c.id = u.company_id';

/** Lists also say where each person stands with signing in: a password set, or an invitation pending. */
const USER_PAGE_SELECT = USER_SELECT.replace(
  ' from users u',
  ", case when u.password_hash = '' then 0 else 1 end as has_password," +
    " (select max(l.expires_at) from password_links l where l.user_id = u.id and l.purpose = 'invite' and l.used_at is null and l.revoked_at is null) as invite_expires_at" +
    ' from users u',
);

/** One user as a plain row with their company's name, in plain SQL (GET /auth/verify runs it on every page load). */
export async function userRowById(em: EntityManager, id: string): Promise<UserRow | undefined> {
  const [row] = await readRows<UserRow>(em, `${USER_SELECT} where u.id = ?`, [id]);
  return row;
}

/** One page of users as plain rows, in plain SQL; `conditions` and `order` come from our code, never input. */
export function userPageRows(em: EntityManager, conditions: SqlCondition[], order: string, limit: number): Promise<UserRow[]> {
  const where = conditions.length ? ` where ${conditions.map((c) => c.sql).join(' and ')}` : '';
  return em.getConnection().execute<UserRow[]>(`${USER_PAGE_SELECT}${where} order by ${order} limit ?`, [...conditions.flatMap((c) => c.params), limit]);
}

/**
 * Users whose name, e-mail or department contains `text`, any case: `%` and `_` in it are literal. A company's
 * users are few enough (thousands) for a scan within the company index; no full-text index is needed.
 */
export function userSearchSql(text: string): SqlCondition {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const column = (c: string) => `lower(${c}) like ? escape '\\'`;
  return { sql: `(${column('u.name')} or ${column('u.email')} or ${column('u.department')})`, params: [pattern, pattern, pattern] };
}

/** The same wire shape as `toUserView`, from a plain row. */
export function userRowView(row: UserRow): UserView {
  const company = row.company_id
    ? { _id: row.company_id, id: row.company_id, name: row.company_name ?? '', timeZone: row.company_time_zone ?? 'UTC' }
    : null;
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    department: row.department,
    phoneNumber: row.phone_number,
    company,
    companyName: company?.name ?? null,
    isActive: bool(row.is_active),
    mustChangePassword: bool(row.must_change_password),
    createdAt: isoDate(row.created_at),
    ...(row.has_password === undefined ? {} : { signIn: signInState(row) }),
  };
}

/** A pending invitation wins (an admin re-invited someone), then whether a password was ever set. */
function signInState(row: UserRow): SignInState {
  if (row.invite_expires_at != null) return toDate(row.invite_expires_at).getTime() > Date.now() ? 'invited' : 'expired';
  return bool(row.has_password ?? 1) ? 'active' : 'not-invited';
}
