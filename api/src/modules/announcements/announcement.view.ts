import type { EntityManager } from '@mikro-orm/knex';
import type { Announcement as AnnouncementView, Audience } from '@kpi/contracts';
import { bool, isoDate, isoDateOrNull, type DbDate } from '../../common/rows/columns';
import { Announcement } from './announcement.entity';

/** The wire shape. Company and author are references: their ids are known without loading them. */
export const toAnnouncementView = (a: Announcement): AnnouncementView => ({
  _id: a.id,
  title: a.title,
  content: a.content,
  priority: a.priority,
  isPinned: a.isPinned,
  expiresAt: a.expiresAt?.toISOString() ?? null,
  company: a.company.id,
  author: { _id: a.author?.id ?? null, name: a.authorName },
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
});

/** Announcements are news for the whole company. */
export const companyAudience = (companyId: string): Audience => ({ kind: 'company', companyId });

export interface AnnouncementRow {
  id: string;
  title: string;
  content: string;
  priority: AnnouncementView['priority'];
  is_pinned: boolean | number;
  expires_at: DbDate | null;
  company_id: string;
  author_id: string | null;
  author_name: string;
  created_at: DbDate;
  updated_at: DbDate;
}

/** Announcements as plain rows (alias `a`) for the list; callers add where, order and limit. */
export const announcementRows = (em: EntityManager) =>
  em
    .createQueryBuilder(Announcement, 'a')
    .select(['a.id', 'a.title', 'a.content', 'a.priority', 'a.is_pinned', 'a.expires_at', 'a.company_id', 'a.author_id', 'a.author_name', 'a.created_at', 'a.updated_at']);

/** The same wire shape as `toAnnouncementView`, from a plain row. */
export const announcementRowView = (r: AnnouncementRow): AnnouncementView => ({
  _id: r.id,
  title: r.title,
  content: r.content,
  priority: r.priority,
  isPinned: bool(r.is_pinned),
  expiresAt: isoDateOrNull(r.expires_at),
  company: r.company_id,
  author: { _id: r.author_id, name: r.author_name },
  createdAt: isoDate(r.created_at),
  updatedAt: isoDate(r.updated_at),
});
