import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { SignInState, User as UserView } from '@kpi/contracts';
import { CursorCodec } from '../../common/paging/cursor-codec';
import { afterSql, orderSql, type SqlCondition, type SqlSortKey } from '../../common/paging/keyset';
import { cut, Page } from '../../common/paging/page';
import { bool, isoDate, toDate, type DbDate } from '../../common/rows/columns';
import { dbDate } from '../../common/rows/params';
import type { Scope } from '../../common/tenancy/scope';
import { readRows } from '../../database/read-rows';
import { User } from './user.entity';

/**
 * Every read of the people, each limited to a Scope's company where the caller has one, and the one mapping from
 * a row to the answer (`toUserAnswer`). Writes change the entity through the unit of work and read their answer
 * back here. Services hold the rules and never write SQL or build an answer.
 */

/** A person with their company's name and zone, and where they stand with signing in. */
interface UserRow {
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
  /** Whether a password is set, and when the pending invitation (if any) expires. */
  has_password: boolean | number;
  invite_expires_at: DbDate | null;
}

const SELECT =
  'select u.id, u.name, u.email, u.role, u.department, u.phone_number, u.company_id, c.name as company_name, c.time_zone as company_time_zone,' +
  ' u.is_active, u.must_change_password, u.created_at,' +
  " case when u.password_hash = '' then 0 else 1 end as has_password," +
  " (select max(l.expires_at) from password_links l where l.user_id = u.id and l.purpose = 'invite' and l.used_at is null and l.revoked_at is null) as invite_expires_at" +
  ' from users u left join companies c on c.id = u.company_id';

/** Newest first, then by name; the id makes the order total. */
const ORDER: SqlSortKey[] = [
  { column: 'u.created_at', dir: 'desc' },
  { column: 'u.name', dir: 'asc' },
  { column: 'u.id', dir: 'asc' },
];
const ORDER_SQL = orderSql(ORDER);
const CURSOR = ['number', 'string', 'string'] as const;

/** Which people a page lists, beyond its scope's company. */
export interface UserFilters {
  role?: UserView['role'];
  /** Text the name, e-mail or department contains, any case. */
  search?: string;
}

@Injectable()
export class UserRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly cursors: CursorCodec,
  ) {}

  /** One page of a scope's people, newest first (keyset, docs/paging.md); `list` names the cursors' list. */
  async page(list: string, scope: Scope, filters: UserFilters, limit: number, cursor?: string): Promise<Page<UserView[]>> {
    const conditions: SqlCondition[] = [scope.sql('u.company_id')];
    if (filters.role) conditions.push({ sql: 'u.role = ?', params: [filters.role] });
    if (filters.search) conditions.push(searchSql(filters.search));
    if (cursor) {
      const [createdAt, name, id] = this.cursors.decode(list, cursor, CURSOR);
      conditions.push(afterSql(ORDER, [dbDate(this.em)(new Date(createdAt as number)), name, id]));
    }
    const rows = await this.em.getConnection().execute<UserRow[]>(`${SELECT} where ${conditions.map((c) => c.sql).join(' and ')} order by ${ORDER_SQL} limit ?`, [
      ...conditions.flatMap((c) => c.params),
      limit + 1,
    ]);
    const { items, more } = cut(rows, limit);
    const last = items[items.length - 1];
    const next = more && last ? this.cursors.encode(list, [toDate(last.created_at).getTime(), last.name, last.id]) : null;
    return new Page(items.map(toUserAnswer), next);
  }

  /**
   * A person's answer, read on `em`: inside a unit of work what it has written so far, outside one the last
   * committed state (read-rows.ts: GET /auth/verify runs this on every page load). `scope` limits it to the
   * caller's company; without one it is the person's own row (their session's). Null if none.
   */
  async answer(em: EntityManager, id: string, scope?: Scope): Promise<UserView | null> {
    const company = scope?.sql('u.company_id');
    const [row] = await readRows<UserRow>(em, `${SELECT} where u.id = ?${company ? ` and ${company.sql}` : ''}`, [id, ...(company?.params ?? [])]);
    return row ? toUserAnswer(row) : null;
  }

  /** A scope's person as an entity with their company, to change through the unit of work (404 for another company's). */
  findOwn(em: EntityManager, scope: Scope, id: string): Promise<User> {
    return scope.findOwn(em, User, id, 'User', { populate: ['company'] });
  }
}

/**
 * People whose name, e-mail or department contains `text`, any case: `%` and `_` in it are literal. A company's
 * people are few enough (thousands) for a scan within the company index; no full-text index is needed.
 */
function searchSql(text: string): SqlCondition {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const column = (c: string) => `lower(${c}) like ? escape '\\'`;
  return { sql: `(${column('u.name')} or ${column('u.email')} or ${column('u.department')})`, params: [pattern, pattern, pattern] };
}

/** A pending invitation wins (an admin re-invited someone), then whether a password was ever set. */
function signInState(row: UserRow): SignInState {
  if (row.invite_expires_at !== null) return toDate(row.invite_expires_at).getTime() > Date.now() ? 'invited' : 'expired';
  return bool(row.has_password) ? 'active' : 'not-invited';
}

/** A person's answer (the contract's `User`), the only place one is built. The password hash is never read. */
function toUserAnswer(row: UserRow): UserView {
  const company = row.company_id ? { _id: row.company_id, id: row.company_id, name: row.company_name ?? '', timeZone: row.company_time_zone ?? 'UTC' } : null;
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
    signIn: signInState(row),
  };
}
