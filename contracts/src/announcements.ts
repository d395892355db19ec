import { z } from 'zod';
import { LIMITS, PRIORITIES, type Priority } from './constants';
import { idField, requiredText } from './common/fields';

export interface Announcement {
  _id: string;
  title: string;
  content: string;
  priority: Priority;
  isPinned: boolean;
  expiresAt: string | null;
  company: string;
  /** The name is kept when the author's account is deleted; `_id` is then null. */
  author: { _id: string | null; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

const priority = z.enum(PRIORITIES, { error: 'Priority must be one of low, medium, high, urgent' });

/** Expiry is optional; an empty string means none. It must lie in the future (checked by the server). */
const expiresAt = z
  .union([z.string(), z.null()], { error: 'Expiry must be a date' })
  .transform((v, ctx) => {
    if (v === null || v.trim() === '') return null;
    const d = new Date(v);
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'Expiry must be a valid date' });
      return z.NEVER;
    }
    return d;
  });

export const createAnnouncementSchema = z.object({
  title: requiredText('Title', LIMITS.title),
  content: requiredText('Content', LIMITS.announcementContent),
  priority: priority.default('medium'),
  isPinned: z.boolean({ error: 'Pinned must be true or false' }).default(false),
  expiresAt: expiresAt.optional(),
  /** Accepted for SPEC §7 compatibility; company and author always come from the caller. */
  company: idField('Company').optional().nullable(),
  author: idField('Author').optional().nullable(),
});
export const updateAnnouncementSchema = z.object({
  title: requiredText('Title', LIMITS.title).optional(),
  content: requiredText('Content', LIMITS.announcementContent).optional(),
  priority: priority.optional(),
  isPinned: z.boolean({ error: 'Pinned must be true or false' }).optional(),
  expiresAt: expiresAt.optional(),
  company: idField('Company').optional().nullable(),
  author: idField('Author').optional().nullable(),
});
export const pinAnnouncementSchema = z.object({
  isPinned: z.boolean({ error: 'Pinned must be true or false' }).optional(),
});
export type CreateAnnouncementRequest = z.input<typeof createAnnouncementSchema>;
export type UpdateAnnouncementRequest = z.input<typeof updateAnnouncementSchema>;
