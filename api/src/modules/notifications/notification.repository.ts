import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { Notification as NotificationView } from '@kpi/contracts';
import { afterSql, orderSql, type SqlCondition, type SqlSortKey } from '../../common/paging/keyset';
import { isoDate, isoDateOrNull, toDate, type DbDate } from '../../common/rows/columns';
import { dbDate, placeholders } from '../../common/rows/params';
import type { Scope } from '../../common/tenancy/scope';
import { execute } from '../../database/bound-sql';

/** A notification as the table holds it. */
export interface NotificationRow {
  id: string;
  kind: NotificationView['kind'];
  title: string;
  body: string;
  link: string;
  read_at: DbDate | null;
  created_at: DbDate;
}

/** A notification to write: its row and its recipient. */
export interface NotificationInsert {
  row: NotificationRow & { read_at: null };
  userId: string;
}

const ORDER: SqlSortKey[] = [
  { column: 'n.created_at', dir: 'desc' },
  { column: 'n.id', dir: 'asc' },
];
const COLUMNS = 'n.id, n.kind, n.title, n.body, n.link, n.read_at, n.created_at';

/** The one mapping from a notification's row to its answer. */
export const toNotification = (n: NotificationRow): NotificationView => ({
  _id: n.id,
  kind: n.kind,
  title: n.title,
  body: n.body,
  link: n.link,
  readAt: isoDateOrNull(n.read_at),
  createdAt: isoDate(n.created_at),
});

/** The position a page's last notification leaves the next page at. */
export const notificationCursor = (n: NotificationRow): [number, string] => [toDate(n.created_at).getTime(), n.id];

/**
 * The notifications table: every statement that reads or writes it. A person's notifications are theirs alone
 * (the user id is the predicate); the company-wide insert takes the scope and adds the company predicate itself.
 */
@Injectable()
export class NotificationRepository {
  constructor(private readonly em: EntityManager) {}

  /** One page of a person's notifications, newest first, after `after` (a cursor's position) if given; one row more tells whether more follow. */
  async page(userId: string, limit: number, after?: [number, string]): Promise<NotificationRow[]> {
    const conditions: SqlCondition[] = [{ sql: 'n.user_id = ?', params: [userId] }];
    if (after) conditions.push(afterSql(ORDER, [this.em.getPlatform().processDateProperty(new Date(after[0])), after[1]]));
    return this.em
      .getConnection()
      .execute<NotificationRow[]>(
        `select ${COLUMNS} from notifications n where ${conditions.map((c) => c.sql).join(' and ')} order by ${orderSql(ORDER)} limit ?`,
        [...conditions.flatMap((c) => c.params), limit + 1],
      );
  }

  /** The newest notifications of a person inside a unit of work (its own writes included). */
  latestIn(em: EntityManager, userId: string, limit: number): Promise<NotificationRow[]> {
    return execute<NotificationRow>(em, `select ${COLUMNS} from notifications n where n.user_id = ? order by ${orderSql(ORDER)} limit ?`, [userId, limit]);
  }

  /** How many of a person's notifications are unread (inside a unit of work when `em` is its). */
  async unread(userId: string, em: EntityManager = this.em): Promise<number> {
    const [count] = await execute<{ n: number | string }>(em, 'select count(*) as n from notifications where user_id = ? and read_at is null', [userId]);
    return Number(count?.n ?? 0);
  }

  /**
   * Writes the rows and answers, per recipient, their unread notifications besides these, in one statement: each
   * inserted row returns its recipient's count, which leaves out the rows being inserted (SQLite's RETURNING sees
   * the rows already inserted, PostgreSQL's the table as it was before the statement: without them, both agree).
   */
  async insertCountingUnread(em: EntityManager, inserts: NotificationInsert[]): Promise<Map<string, number>> {
    const date = dbDate(em);
    const ids = inserts.map((i) => i.row.id);
    const before = await execute<{ user_id: string; n: number | string }>(
      em,
      `insert into notifications (id, user_id, kind, title, body, link, read_at, created_at) values ${inserts.map(() => '(?, ?, ?, ?, ?, ?, null, ?)').join(', ')}
       returning user_id, (select count(*) from notifications unread where unread.user_id = notifications.user_id and unread.read_at is null and unread.id not in (${placeholders(ids)})) as n`,
      [...inserts.flatMap(({ row, userId }) => [row.id, userId, row.kind, row.title, row.body, row.link, date(toDate(row.created_at))]), ...ids],
    );
    return new Map(before.map((row) => [row.user_id, Number(row.n)]));
  }

  /**
   * One row for every active executive of the scope's company, in one `insert … select`; ids are the batch's first
   * 19 characters and the executive id's rest (`broadcastNotificationId`). Resolves with how many were written.
   */
  async insertForExecutives(em: EntityManager, scope: Scope, batch: string, row: Omit<NotificationRow, 'id' | 'read_at'>): Promise<number> {
    const company = scope.sql('u.company_id');
    const result = await em.execute<{ affectedRows: number }>(
      `insert into notifications (id, user_id, kind, title, body, link, read_at, created_at)
       select substr(?, 1, 19) || substr(u.id, 20), u.id, ?, ?, ?, ?, null, ?
       from users u where ${company.sql} and u.role = 'executive' and u.is_active = ?`,
      [batch, row.kind, row.title, row.body, row.link, dbDate(em)(toDate(row.created_at)), ...company.params, true],
      'run',
    );
    return result.affectedRows;
  }

  /** Marks one of a person's notifications read (if it was not); false when they have no such notification. */
  async markRead(em: EntityManager, userId: string, id: string, at: Date): Promise<boolean> {
    const [found] = await execute<{ id: string }>(em, 'select id from notifications where id = ? and user_id = ?', [id, userId]);
    if (!found) return false;
    await execute(em, 'update notifications set read_at = ? where id = ? and user_id = ? and read_at is null', [dbDate(em)(at), id, userId]);
    return true;
  }

  markAllRead(em: EntityManager, userId: string, at: Date): Promise<unknown> {
    return execute(em, 'update notifications set read_at = ? where user_id = ? and read_at is null', [dbDate(em)(at), userId]);
  }
}
