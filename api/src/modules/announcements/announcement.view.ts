import type { Announcement as AnnouncementView, Audience } from '@kpi/contracts';
import type { Announcement } from './announcement.entity';

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
