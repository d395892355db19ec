import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import type { NotificationKind, NotificationList, PageQuery } from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { notFound } from '../../common/errors/app-error';
import { CursorCodec } from '../../common/paging/cursor-codec';
import { afterSql, orderSql, type SqlCondition, type SqlSortKey } from '../../common/paging/keyset';
import { cut, Page } from '../../common/paging/page';
import { toDate } from '../../common/rows/columns';
import type { EventRecorder } from '../../events/event-recorder';
import { inParallel } from '../../database/in-parallel';
import { UnitOfWork } from '../../events/unit-of-work';
import { Notification } from './notification.entity';
import { notificationRowView, toNotificationView, type NotificationRow } from './notification.view';
import { dbDate, placeholders } from '../../common/rows/params';
import { execute } from '../../database/bound-sql';

export const NOTIFICATION_PAGE = 50;

const NOTIFICATION_ORDER: SqlSortKey[] = [
  { column: 'n.created_at', dir: 'desc' },
  { column: 'n.id', dir: 'asc' },
];
const NOTIFICATION_CURSOR = ['number', 'string'] as const;

interface PendingNotification {
  r: { id: string; companyId: string | null };
  n: { id: string; kind: NotificationKind; title: string; body: string; link: string; readAt: null; createdAt: Date };
}

export interface NotificationDraft {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
}

/**
 * The bell. Other services call `notify` inside their own unit of work, so a notification exists exactly
 * when the change it reports does; read state lives here, on the server, and follows the user.
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    private readonly cursors: CursorCodec,
  ) {}

  /** What each open unit of work has notified so far, written just before its events (see `notify`). */
  private readonly pending = new WeakMap<EventRecorder, PendingNotification[]>();

  /**
   * Stores one notification per recipient and tells each of them, with their new unread count: for a few
   * people whose notifications differ (an assignee, a badge's receivers). Everything a unit of work notifies is
   * written together before its events are numbered: one insert of plain rows and one grouped count, however
   * many notifications a scoring brings (its own, each badge's).
   */
  notify(em: EntityManager, events: EventRecorder, recipients: { id: string; companyId: string | null }[], draft: NotificationDraft): void {
    if (recipients.length === 0) return;
    let batch = this.pending.get(events);
    if (!batch) {
      const created: PendingNotification[] = [];
      this.pending.set(events, (batch = created));
      events.beforeFlush({
        audiences: () => created.map(({ r }) => ({ kind: 'user', userId: r.id, companyId: r.companyId })),
        write: () => {
          this.pending.delete(events);
          return this.store(em, events, created);
        },
      });
    }
    const createdAt = new Date();
    for (const r of recipients) batch.push({ r, n: { id: randomUUID(), ...draft, readAt: null, createdAt } });
  }

  private async store(em: EntityManager, events: EventRecorder, created: PendingNotification[]): Promise<void> {
    const date = dbDate(em);
    const recipients = [...new Set(created.map(({ r }) => r.id))];
    const ids = created.map(({ n }) => n.id);
    // The insert and the count go together (database/in-parallel.ts): the count leaves out the rows being
    // inserted, whichever runs first, and they are added below.
    const [, before] = await inParallel([
      execute(
        em,
        `insert into notifications (id, user_id, kind, title, body, link, read_at, created_at) values ${created.map(() => '(?, ?, ?, ?, ?, ?, null, ?)').join(', ')}`,
        created.flatMap(({ r, n }) => [n.id, r.id, n.kind, n.title, n.body, n.link, date(n.createdAt)]),
      ),
      execute<{ user_id: string; n: number | string }>(
        em,
        `select user_id, count(*) as n from notifications where user_id in (${placeholders(recipients)}) and read_at is null and id not in (${placeholders(ids)}) group by user_id`,
        [...recipients, ...ids],
      ),
    ]);
    const unread = new Map(before.map((row) => [row.user_id, Number(row.n)]));
    // Each recipient's notifications in the order they were asked for, each carrying the count as of it.
    for (const { r, n } of created) {
      const count = (unread.get(r.id) ?? 0) + 1;
      unread.set(r.id, count);
      events.record('notification.created', { kind: 'user', userId: r.id, companyId: r.companyId }, { notification: toNotificationView(n), unread: count });
    }
  }

  /**
   * The same notification for every active executive of a company, at a cost that does not grow with their
   * number: one `insert … select` writes the rows (ids per `broadcastNotificationId`), one company event tells
   * them all, and each client derives its own copy. Nothing is recorded when the company has no executive.
   */
  async broadcastToExecutives(em: EntityManager, events: EventRecorder, companyId: string, draft: NotificationDraft): Promise<void> {
    const batch = randomUUID();
    const createdAt = new Date();
    const result = await em.execute<{ affectedRows: number }>(
      `insert into notifications (id, user_id, kind, title, body, link, read_at, created_at)
       select substr(?, 1, 19) || substr(u.id, 20), u.id, ?, ?, ?, ?, null, ?
       from users u where u.company_id = ? and u.role = 'executive' and u.is_active = ?`,
      [batch, draft.kind, draft.title, draft.body, draft.link, em.getPlatform().processDateProperty(createdAt), companyId, true],
      'run',
    );
    if (!result.affectedRows) return;
    events.record('notification.broadcast', { kind: 'company', companyId }, { batch, role: 'executive', notification: { ...draft, createdAt: createdAt.toISOString() } });
  }

  /** The caller's own notifications, newest first, a page at a time; `unread` counts all of them in SQL. */
  async list(actor: Actor, query: PageQuery): Promise<Page<NotificationList>> {
    // Plain SQL: the bell loads on every page, and building the statement cost more than running it.
    const conditions: SqlCondition[] = [{ sql: 'n.user_id = ?', params: [actor.userId] }];
    if (query.cursor) {
      const [createdAt, id] = this.cursors.decode('notifications', query.cursor, NOTIFICATION_CURSOR);
      conditions.push(afterSql(NOTIFICATION_ORDER, [this.em.getPlatform().processDateProperty(new Date(createdAt as number)), id]));
    }
    const connection = this.em.getConnection();
    const rows = await connection.execute<NotificationRow[]>(
      `select n.id, n.kind, n.title, n.body, n.link, n.read_at, n.created_at from notifications n where ${conditions.map((c) => c.sql).join(' and ')} order by ${orderSql(NOTIFICATION_ORDER)} limit ?`,
      [...conditions.flatMap((c) => c.params), query.limit + 1],
    );
    const { items, more } = cut(rows, query.limit);
    const [count] = await connection.execute<{ n: number | string }[]>('select count(*) as n from notifications where user_id = ? and read_at is null', [actor.userId]);
    const unread = Number(count?.n ?? 0);
    const last = items[items.length - 1];
    const next = more && last ? this.cursors.encode('notifications', [toDate(last.created_at).getTime(), last.id]) : null;
    return new Page({ items: items.map(notificationRowView), unread }, next);
  }

  markRead(actor: Actor, id: string): Promise<NotificationList> {
    return this.uow.run(async (em, events) => {
      const n = await em.findOne(Notification, { id, user: actor.userId });
      if (!n) throw notFound('Notification');
      if (!n.readAt) n.readAt = new Date();
      await em.flush();
      const unread = await em.count(Notification, { user: actor.userId, readAt: null });
      events.record('notification.read', { kind: 'user', userId: actor.userId, companyId: actor.companyId }, { ids: [id], unread });
      return this.listIn(em, actor, unread);
    });
  }

  markAllRead(actor: Actor): Promise<NotificationList> {
    return this.uow.run(async (em, events) => {
      await em.nativeUpdate(Notification, { user: actor.userId, readAt: null }, { readAt: new Date() });
      events.record('notification.read', { kind: 'user', userId: actor.userId, companyId: actor.companyId }, { ids: 'all', unread: 0 });
      return this.listIn(em, actor, 0);
    });
  }

  private async listIn(em: EntityManager, actor: Actor, unread: number): Promise<NotificationList> {
    const items = await em.find(Notification, { user: actor.userId }, { orderBy: { createdAt: 'desc' }, limit: NOTIFICATION_PAGE, refresh: true });
    return { items: items.map(toNotificationView), unread };
  }
}
