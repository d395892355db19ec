import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/knex';
import type { NotificationKind, NotificationList, PageQuery } from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { notFound } from '../../common/errors/app-error';
import { CursorCodec } from '../../common/paging/cursor-codec';
import { cut, Page } from '../../common/paging/page';
import { Scope } from '../../common/tenancy/scope';
import type { EventRecorder } from '../../events/event-recorder';
import { UnitOfWork } from '../../events/unit-of-work';
import { NotificationRepository, notificationCursor, toNotification, type NotificationInsert } from './notification.repository';

export const NOTIFICATION_PAGE = 50;

const NOTIFICATION_CURSOR = ['number', 'string'] as const;

interface PendingNotification extends NotificationInsert {
  companyId: string | null;
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
    private readonly notifications: NotificationRepository,
    private readonly uow: UnitOfWork,
    private readonly cursors: CursorCodec,
  ) {}

  /** What each open unit of work has notified so far, written just before its events (see `notify`). */
  private readonly pending = new WeakMap<EventRecorder, PendingNotification[]>();

  /**
   * Stores one notification per recipient and tells each of them, with their new unread count: for a few
   * people whose notifications differ (an assignee, a badge's receivers). Everything a unit of work notifies is
   * written together before its events are numbered: one insert of plain rows that answers the counts, however
   * many notifications a scoring brings (its own, each badge's).
   */
  notify(em: EntityManager, events: EventRecorder, recipients: { id: string; companyId: string | null }[], draft: NotificationDraft): void {
    if (recipients.length === 0) return;
    let batch = this.pending.get(events);
    if (!batch) {
      const created: PendingNotification[] = [];
      this.pending.set(events, (batch = created));
      events.beforeFlush({
        audiences: () => created.map(({ userId, companyId }) => ({ kind: 'user', userId, companyId })),
        write: () => {
          this.pending.delete(events);
          return this.store(em, events, created);
        },
      });
    }
    const createdAt = new Date();
    for (const r of recipients) batch.push({ userId: r.id, companyId: r.companyId, row: { id: randomUUID(), ...draft, read_at: null, created_at: createdAt } });
  }

  private async store(em: EntityManager, events: EventRecorder, created: PendingNotification[]): Promise<void> {
    const unread = await this.notifications.insertCountingUnread(em, created);
    // Each recipient's notifications in the order they were asked for, each carrying the count as of it.
    for (const { userId, companyId, row } of created) {
      const count = (unread.get(userId) ?? 0) + 1;
      unread.set(userId, count);
      events.record('notification.created', { kind: 'user', userId, companyId }, { notification: toNotification(row), unread: count });
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
    const written = await this.notifications.insertForExecutives(em, Scope.company(companyId), batch, { ...draft, created_at: createdAt });
    if (!written) return;
    events.record('notification.broadcast', { kind: 'company', companyId }, { batch, role: 'executive', notification: { ...draft, createdAt: createdAt.toISOString() } });
  }

  /** The caller's own notifications, newest first, a page at a time; `unread` counts all of them in SQL. */
  async list(actor: Actor, query: PageQuery): Promise<Page<NotificationList>> {
    const after = query.cursor ? (this.cursors.decode('notifications', query.cursor, NOTIFICATION_CURSOR) as [number, string]) : undefined;
    const rows = await this.notifications.page(actor.userId, query.limit, after);
    const { items, more } = cut(rows, query.limit);
    const unread = await this.notifications.unread(actor.userId);
    const last = items[items.length - 1];
    const next = more && last ? this.cursors.encode('notifications', notificationCursor(last)) : null;
    return new Page({ items: items.map(toNotification), unread }, next);
  }

  markRead(actor: Actor, id: string): Promise<NotificationList> {
    return this.uow.run(async (em, events) => {
      if (!(await this.notifications.markRead(em, actor.userId, id, new Date()))) throw notFound('Notification');
      const unread = await this.notifications.unread(actor.userId, em);
      events.record('notification.read', { kind: 'user', userId: actor.userId, companyId: actor.companyId }, { ids: [id], unread });
      return this.latestIn(em, actor, unread);
    });
  }

  markAllRead(actor: Actor): Promise<NotificationList> {
    return this.uow.run(async (em, events) => {
      await this.notifications.markAllRead(em, actor.userId, new Date());
      events.record('notification.read', { kind: 'user', userId: actor.userId, companyId: actor.companyId }, { ids: 'all', unread: 0 });
      return this.latestIn(em, actor, 0);
    });
  }

  private async latestIn(em: EntityManager, actor: Actor, unread: number): Promise<NotificationList> {
    const rows = await this.notifications.latestIn(em, actor.userId, NOTIFICATION_PAGE);
    return { items: rows.map(toNotification), unread };
  }
}
