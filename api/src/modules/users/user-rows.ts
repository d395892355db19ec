import type { EntityManager } from '@mikro-orm/knex';
import type { User as UserView } from '@kpi/contracts';
import { bool, isoDate, type DbDate } from '../../common/rows/columns';
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
}

const USER_SELECT =
  'select u.id, u.name, u.email, u.role, u.department, u.phone_number, u.company_id, c.name as company_name, c.time_zone as company_time_zone, u.is_active, u.must_change_password, u.created_at from users u left join companies c on c.id = u.company_id';

/** One user as a plain row with their company's name, in plain SQL (GET /auth/verify runs it on every page load). */
export async function userRowById(em: EntityManager, id: string): Promise<UserRow | undefined> {
  const [row] = await readRows<UserRow>(em, `${USER_SELECT} where u.id = ?`, [id]);
  return row;
}

/** One page of users as plain rows, in plain SQL; `conditions` and `order` come from our code, never input. */
export function userPageRows(em: EntityManager, conditions: SqlCondition[], order: string, limit: number): Promise<UserRow[]> {
  const where = conditions.length ? ` where ${conditions.map((c) => c.sql).join(' and ')}` : '';
  return em.getConnection().execute<UserRow[]>(`${USER_SELECT}${where} order by ${order} limit ?`, [...conditions.flatMap((c) => c.params), limit]);
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
  };
}
