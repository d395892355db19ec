import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/knex';
import type { Announcement as AnnouncementView, MessageResponse, AnnouncementListInput, CreateAnnouncementInput, PinAnnouncementInput, UpdateAnnouncementInput } from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { forbidden, invalid, notFound } from '../../common/errors/app-error';
import type { Page } from '../../common/paging/page';
import { Scope } from '../../common/tenancy/scope';
import { UnitOfWork } from '../../events/unit-of-work';
import { Company } from '../companies/company.entity';
import { NotificationsService } from '../notifications/notifications.service';
import { User } from '../users/user.entity';
import { AnnouncementExpiryScheduler } from './announcement-expiry.scheduler';
import { Announcement } from './announcement.entity';
import { AnnouncementRepository, companyAudience } from './announcement.repository';

/**
 * A company's announcements: its admins write them, everyone in the company reads them. Executives see only
 * current ones; admins (and the superadmin) also see expired ones, which carry their past `expiresAt`.
 */
@Injectable()
export class AnnouncementsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly notifications: NotificationsService,
    private readonly expiry: AnnouncementExpiryScheduler,
    private readonly announcements: AnnouncementRepository,
  ) {}

  /** Pinned first, then newest first, a page at a time. The superadmin reads one company, or all of them. */
  list(actor: Actor, query: AnnouncementListInput): Promise<Page<AnnouncementView[]>> {
    return this.announcements.page(Scope.of(actor).narrowTo(query.company), { currentOnly: actor.role === 'executive' }, query.limit, query.cursor);
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
      const view = await this.answer(em, announcement);
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
      const before = await this.answer(em, announcement);
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
      const view = await this.answer(em, announcement);
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
      if (isPinned === announcement.isPinned) return this.answer(em, announcement);
      const before = await this.answer(em, announcement);
      announcement.isPinned = isPinned;
      await em.flush();
      const view = await this.answer(em, announcement);
      events.record('announcement.pinned', companyAudience(announcement.company.id), { announcement: view }, { before });
      return view;
    });
  }

  async remove(actor: Actor, id: string): Promise<MessageResponse> {
    const result = await this.uow.run(async (em, events) => {
      const announcement = await this.findOwn(em, actor, id);
      const before = await this.answer(em, announcement);
      em.remove(announcement);
      events.record('announcement.deleted', companyAudience(announcement.company.id), { announcementId: announcement.id }, { before });
      return { message: 'Announcement deleted successfully' };
    });
    await this.expiry.reschedule();
    return result;
  }

  /** Another company's announcement answers exactly like a missing one. */
  private findOwn(em: EntityManager, actor: Actor, id: string): Promise<Announcement> {
    return this.announcements.findOwn(em, Scope.of(actor), id);
  }

  /** The announcement's answer as the unit of work has left it so far. */
  private async answer(em: EntityManager, announcement: Announcement): Promise<AnnouncementView> {
    const view = await this.announcements.answer(em, Scope.company(announcement.company.id), announcement.id);
    if (!view) throw notFound('Announcement');
    return view;
  }
}

function assertFuture(expiresAt: Date | null): void {
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw invalid('Expiry must be in the future', 'expiresAt');
}
