import { Injectable } from '@nestjs/common';
import { EntityManager, type FilterQuery } from '@mikro-orm/knex';
import type { Announcement as AnnouncementView, MessageResponse, AnnouncementListInput, CreateAnnouncementInput, PinAnnouncementInput, UpdateAnnouncementInput } from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { forbidden, invalid } from '../../common/errors/app-error';
import { CursorCodec } from '../../common/paging/cursor-codec';
import { after, orderOf, type SortKey } from '../../common/paging/keyset';
import { cut, Page } from '../../common/paging/page';
import { bool, toDate } from '../../common/rows/columns';
import { Scope } from '../../common/tenancy/scope';
import { UnitOfWork } from '../../events/unit-of-work';
import { Company } from '../companies/company.entity';
import { NotificationsService } from '../notifications/notifications.service';
import { User } from '../users/user.entity';
import { AnnouncementExpiryScheduler } from './announcement-expiry.scheduler';
import { Announcement } from './announcement.entity';
import { announcementRows, announcementRowView, companyAudience, toAnnouncementView, type AnnouncementRow } from './announcement.view';


const ANNOUNCEMENT_ORDER: SortKey[] = [
  { prop: 'a.isPinned', dir: 'desc' },
  { prop: 'a.createdAt', dir: 'desc' },
  { prop: 'a.id', dir: 'asc' },
];
const ANNOUNCEMENT_CURSOR = ['boolean', 'number', 'string'] as const;

/**
 * A company's announcements: its admins write them, everyone in the company reads them. Executives see only
 * current ones; admins (and the superadmin) also see expired ones, which carry their past `expiresAt`.
 */
@Injectable()
export class AnnouncementsService {
  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    private readonly notifications: NotificationsService,
    private readonly expiry: AnnouncementExpiryScheduler,
    private readonly cursors: CursorCodec,
  ) {}

  /** Pinned first, then newest first, a page at a time. The superadmin reads one company, or all of them. */
  async list(actor: Actor, query: AnnouncementListInput): Promise<Page<AnnouncementView[]>> {
    const conditions: FilterQuery<Announcement>[] = [Scope.of(actor).narrowTo(query.company).where({})];
    if (actor.role === 'executive') conditions.push({ $or: [{ expiresAt: null }, { expiresAt: { $gt: new Date() } }] });
    if (query.cursor) {
      const [pinned, createdAt, id] = this.cursors.decode('announcements', query.cursor, ANNOUNCEMENT_CURSOR);
      conditions.push(after(ANNOUNCEMENT_ORDER, [pinned, new Date(createdAt as number), id]));
    }
    const rows = await announcementRows(this.em.fork())
      .where({ $and: conditions })
      .orderBy(orderOf(ANNOUNCEMENT_ORDER))
      .limit(query.limit + 1)
      .execute<AnnouncementRow[]>('all', false);
    const { items, more } = cut(rows, query.limit);
    const last = items[items.length - 1];
    const next = more && last ? this.cursors.encode('announcements', [bool(last.is_pinned), toDate(last.created_at).getTime(), last.id]) : null;
    return new Page(items.map(announcementRowView), next);
  }

  /** Company and author come from the caller; the body may repeat them but not name others. */
  async create(actor: Actor, input: CreateAnnouncementInput): Promise<AnnouncementView> {
    const companyId = Scope.of(actor).narrowTo(input.company).own();
    if (input.author && input.author !== actor.userId) throw forbidden('Announcements are posted in your own name');
    const expiresAt = input.expiresAt ?? null;
    assertFuture(expiresAt);
    const view = await this.uow.run(async (em, events) => {
      const announcement = em.create(Announcement, {
        company: em.getReference(Company, companyId),
        author: em.getReference(User, actor.userId),
        authorName: actor.name,
        title: input.title,
        content: input.content,
        priority: input.priority,
        isPinned: input.isPinned,
        expiresAt,
      });
      await em.flush();
      const view = toAnnouncementView(announcement);
      events.record('announcement.created', companyAudience(companyId), { announcement: view });
      // One statement and one event whatever the company's size (docs/benchmarks.md, announce-memory).
      await this.notifications.broadcastToExecutives(em, events, companyId, {
        kind: 'announcement.created',
        title: 'New announcement',
        body: view.title,
        link: '/executive/announcements',
      });
      return view;
    });
    await this.expiry.reschedule();
    return view;
  }

  async update(actor: Actor, id: string, input: UpdateAnnouncementInput): Promise<AnnouncementView> {
    const view = await this.uow.run(async (em, events) => {
      const announcement = await this.findOwn(em, actor, id);
      const before = toAnnouncementView(announcement);
      if (input.company && input.company !== announcement.company.id) throw forbidden('You can only work within your own company');
      // An edit form may send back the original author; naming anyone else is refused.
      if (input.author && input.author !== actor.userId && input.author !== announcement.author?.id) {
        throw forbidden('Announcements are posted in your own name');
      }
      // Only a changed expiry must lie in the future, so an expired announcement can still be edited.
      if (input.expiresAt !== undefined && input.expiresAt?.getTime() !== announcement.expiresAt?.getTime()) {
        assertFuture(input.expiresAt);
        announcement.expiresAt = input.expiresAt;
        announcement.expiryPublishedAt = null;
      }
      if (input.title !== undefined) announcement.title = input.title;
      if (input.content !== undefined) announcement.content = input.content;
      if (input.priority !== undefined) announcement.priority = input.priority;
      if (input.isPinned !== undefined) announcement.isPinned = input.isPinned;
      await em.flush();
      const view = toAnnouncementView(announcement);
      events.record('announcement.updated', companyAudience(announcement.company.id), { announcement: view }, { before });
      return view;
    });
    await this.expiry.reschedule();
    return view;
  }

  /** `{ isPinned }` sets the pin; an empty body toggles it. */
  pin(actor: Actor, id: string, input: PinAnnouncementInput): Promise<AnnouncementView> {
    return this.uow.run(async (em, events) => {
      const announcement = await this.findOwn(em, actor, id);
      const isPinned = input.isPinned ?? !announcement.isPinned;
      if (isPinned !== announcement.isPinned) {
        const before = toAnnouncementView(announcement);
        announcement.isPinned = isPinned;
        await em.flush();
        events.record('announcement.pinned', companyAudience(announcement.company.id), { announcement: toAnnouncementView(announcement) }, { before });
      }
      return toAnnouncementView(announcement);
    });
  }

  async remove(actor: Actor, id: string): Promise<MessageResponse> {
    const result = await this.uow.run(async (em, events) => {
      const announcement = await this.findOwn(em, actor, id);
      const before = toAnnouncementView(announcement);
      em.remove(announcement);
      events.record('announcement.deleted', companyAudience(announcement.company.id), { announcementId: announcement.id }, { before });
      return { message: 'Announcement deleted successfully' };
    });
    await this.expiry.reschedule();
    return result;
  }

  /** Another company's announcement answers exactly like a missing one. */
  private findOwn(em: EntityManager, actor: Actor, id: string): Promise<Announcement> {
    return Scope.of(actor).findOwn(em, Announcement, id, 'Announcement');
  }
}

function assertFuture(expiresAt: Date | null): void {
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw invalid('Expiry must be in the future', 'expiresAt');
}
