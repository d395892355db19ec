import { z } from 'zod';
import type { Role } from './common/roles';

/**
 * Every kind of email the server sends, who can receive it and what it does unless the person chose otherwise.
 * A new kind is one entry here, one rule in the api's
 * mail-kinds.rules.ts that says which event makes it, and one template in mail-templates.ts.
 */
export const MAIL_KINDS = {
  'task.assigned': { roles: ['executive'], label: 'A task is assigned to me', mode: 'instant' },
  'task.scored': { roles: ['executive'], label: 'My work is scored or re-scored', mode: 'instant' },
  'badge.awarded': { roles: ['executive'], label: 'I earn a badge', mode: 'instant' },
  'task.due-soon': { roles: ['executive'], label: 'A deadline is 24 hours away', mode: 'instant' },
  'task.overdue': { roles: ['executive'], label: 'A task of mine is overdue', mode: 'instant' },
  'task.submitted': { roles: ['admin'], label: 'Work is submitted for review', mode: 'digest' },
  'announcement.high': { roles: ['admin', 'executive'], label: 'A high-priority announcement is posted', mode: 'instant' },
  'webhook.paused': { roles: ['admin'], label: 'An integration stops delivering on its own', mode: 'instant' },
} as const satisfies Record<string, { roles: readonly Role[]; label: string; mode: MailMode }>;
export type MailKind = keyof typeof MAIL_KINDS;
export const MAIL_KIND_NAMES = Object.keys(MAIL_KINDS) as MailKind[];

export const MAIL_MODES = ['off', 'instant', 'digest'] as const;
export type MailMode = (typeof MAIL_MODES)[number];

/** When the daily digest goes out unless the person picks another time (their company's time zone). */
export const DEFAULT_DIGEST_TIME = '08:00';

/** The kinds a role can receive. */
export const mailKindsFor = (role: Role): MailKind[] => MAIL_KIND_NAMES.filter((k) => (MAIL_KINDS[k].roles as readonly Role[]).includes(role));

const digestTime = z
  .string({ error: 'Digest time must be a time like 08:00' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Digest time must be a time like 08:00');
const mode = z.enum(MAIL_MODES, { error: 'Each choice must be off, instant or digest' });

/** GET /notification-preferences: the caller's own choices, every kind of their role filled in. */
export const mailPreferencesSchema = z.object({
  modes: z.record(z.string(), mode),
  digestTime,
  timeZone: z.string(),
});
export type MailPreferences = { modes: Partial<Record<MailKind, MailMode>>; digestTime: string; timeZone: string };

/** PUT /notification-preferences: any of the caller's kinds, and/or the digest time. */
export const updateMailPreferencesSchema = z.object({
  modes: z
    .partialRecord(z.enum(MAIL_KIND_NAMES as [MailKind, ...MailKind[]], { error: 'Unknown notification kind' }), mode)
    .optional(),
  digestTime: digestTime.optional(),
});
export type UpdateMailPreferencesRequest = z.input<typeof updateMailPreferencesSchema>;

/** The developer mailbox (only while no SMTP_URL is set): the newest messages written to data/mail/. */
export const devMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  date: z.string(),
  html: z.string(),
  text: z.string(),
});
export type DevMail = z.infer<typeof devMailSchema>;
export const devMailboxSchema = z.object({ items: z.array(devMailSchema) });
export type DevMailbox = z.infer<typeof devMailboxSchema>;

/** POST /mail/unsubscribe?token=…: the link of an email (or its List-Unsubscribe header), no sign-in needed. */
export const unsubscribeQuerySchema = z.object({
  token: z.string({ error: 'This unsubscribe link is not valid' }).min(1, 'This unsubscribe link is not valid').max(200, 'This unsubscribe link is not valid'),
});
export const unsubscribeResponseSchema = z.object({ message: z.string(), kinds: z.array(z.string()) });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;

/** The kind an unsubscribe token names, read from the token itself (the server checks its signature). */
export const unsubscribeTokenKind = (token: string): MailKind | 'digest' | null => {
  const kind = token.split('~')[1];
  return kind === 'digest' || (kind !== undefined && Object.hasOwn(MAIL_KINDS, kind)) ? (kind as MailKind | 'digest') : null;
};
