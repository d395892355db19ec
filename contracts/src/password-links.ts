import { z } from 'zod';
import { LIMITS } from './constants';
import { passwordField, timestampField } from './common/fields';

/** How long an invitation or a reset link stays usable. */
export const INVITATION_TTL_HOURS = 72;
export const PASSWORD_RESET_TTL_HOURS = 1;

/** What a password link is for: a first password (invitation) or a new one (forgot password). */
export const PASSWORD_LINK_PURPOSES = ['invite', 'reset'] as const;
export type PasswordLinkPurpose = (typeof PASSWORD_LINK_PURPOSES)[number];

/** Where a person stands with signing in, as their card shows it (lists only). */
export const SIGN_IN_STATES = ['active', 'invited', 'expired', 'not-invited'] as const;
export type SignInState = (typeof SIGN_IN_STATES)[number];

/** POST /users/{id}/invitation: the link to pass on (always shown), and whether it was also mailed. */
export const invitationResponseSchema = z.object({
  link: z.string(),
  expiresAt: timestampField,
  emailed: z.boolean(),
  message: z.string(),
});
export type InvitationResponse = z.infer<typeof invitationResponseSchema>;

/** GET /auth/password-links/{token}: whose link it is, so the page can greet them. */
export const passwordLinkSchema = z.object({
  purpose: z.enum(PASSWORD_LINK_PURPOSES),
  name: z.string(),
  email: z.string(),
  expiresAt: timestampField,
});
export type PasswordLink = z.infer<typeof passwordLinkSchema>;

/** The link's token travels in request bodies, never in a URL a log could keep. */
const linkToken = z.string({ error: 'The link is incomplete' }).min(1, 'The link is incomplete').max(128, 'The link is not valid');
export const passwordLinkTokenSchema = z.object({ token: linkToken });
export type PasswordLinkTokenRequest = z.input<typeof passwordLinkTokenSchema>;
export const setPasswordSchema = z.object({ token: linkToken, password: passwordField });
export type SetPasswordRequest = z.input<typeof setPasswordSchema>;

export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(LIMITS.email, `Email must be at most ${LIMITS.email} characters`)
    .transform((v) => v.toLowerCase()),
});
export type ForgotPasswordRequest = z.input<typeof forgotPasswordSchema>;

/** The one answer to "forgot password", whether or not the account exists. */
export const FORGOT_PASSWORD_ANSWER = 'If an account exists for this email, a link to choose a new password is on its way';
