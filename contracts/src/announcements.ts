import { z } from 'zod';
import { LIMITS, PRIORITIES } from './constants';
import { idField, requiredText, timestampField } from './common/fields';

export const announcementSchema = z.object({
  _id: z.string(),
  title: z.string(),
  content: z.string(),
  priority: z.enum(PRIORITIES),
  isPinned: z.boolean(),
  expiresAt: timestampField.nullable(),
  company: z.string(),
  /** The name is kept when the author's account is deleted; `_id` is then null. */
  author: z.object({ _id: z.string().nullable(), name: z.string() }).nullable(),
  createdAt: timestampField,
  updatedAt: timestampField,
});
export type Announcement = z.infer<typeof announcementSchema>;

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
  /** Accepted for older clients (docs/product.md#rest-api); company and author always come from the caller. */
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
