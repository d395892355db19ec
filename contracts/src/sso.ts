import { z } from 'zod';
import { httpUrl } from './common/fields';

/**
 * Single sign-on per company (OpenID Connect). Provider groups map to admin or executive only: no setting can
 * make anyone a superadmin (docs/single-sign-on.md).
 */
export const SSO_ROLES = ['admin', 'executive'] as const;
export type SsoRole = (typeof SSO_ROLES)[number];

const domainField = z
  .string({ error: 'Each domain must be text' })
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Each domain must look like example.com');

const groupRoleSchema = z.object({
  group: z.string({ error: 'Group is required' }).trim().min(1, 'Group is required').max(200, 'Group must be at most 200 characters'),
  role: z.enum(SSO_ROLES, { error: 'A group maps to admin or executive' }),
});
export type GroupRole = z.infer<typeof groupRoleSchema>;

/** PUT /companies/{id}/sign-in. Without `clientSecret` the saved secret is kept. */
export const ssoSettingsInputSchema = z.object({
  issuer: httpUrl('Issuer URL', 'Issuer URL is required'),
  clientId: z.string({ error: 'Client ID is required' }).trim().min(1, 'Client ID is required').max(255, 'Client ID must be at most 255 characters'),
  clientSecret: z.string().max(512, 'Client secret must be at most 512 characters').optional(),
  domains: z.array(domainField, { error: 'Domains must be a list' }).min(1, 'Add at least one email domain').max(20, 'At most 20 domains'),
  groupRoles: z.array(groupRoleSchema, { error: 'Group roles must be a list' }).max(50, 'At most 50 group mappings').default([]),
  /** The ID token claim that lists the person's groups. */
  groupsClaim: z.string().trim().min(1).max(100).default('groups'),
  createOnFirstSignIn: z.boolean({ error: 'Create on first sign-in must be true or false' }).default(false),
  ssoRequired: z.boolean({ error: 'SSO required must be true or false' }).default(false),
});
export type SsoSettingsRequest = z.input<typeof ssoSettingsInputSchema>;

/** What the settings screen shows: never the secret, only whether one is saved. */
export const ssoSettingsSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  domains: z.array(z.string()),
  groupRoles: z.array(groupRoleSchema),
  groupsClaim: z.string(),
  createOnFirstSignIn: z.boolean(),
  ssoRequired: z.boolean(),
  /** The address to register at the provider. */
  redirectUri: z.string(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

/** GET /companies/{id}/sign-in: null until single sign-on is set up. */
export const ssoSettingsResponseSchema = z.object({ settings: ssoSettingsSchema.nullable(), redirectUri: z.string() });
export type SsoSettingsResponse = z.infer<typeof ssoSettingsResponseSchema>;

/** POST /companies/{id}/sign-in/test: discovery against the issuer. */
export const ssoTestInputSchema = z.object({ issuer: httpUrl('Issuer URL', 'Issuer URL is required') });
export type SsoTestRequest = z.input<typeof ssoTestInputSchema>;
export const ssoTestResponseSchema = z.object({
  message: z.string(),
  issuer: z.string(),
  authorizationEndpoint: z.string(),
  endSession: z.boolean(),
  pkce: z.boolean(),
});
export type SsoTestResponse = z.infer<typeof ssoTestResponseSchema>;

/** POST /auth/sso/start: the company is found from the email's domain. */
export const ssoStartSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .pipe(z.email('Email must be a valid email address')),
});
export type SsoStartRequest = z.input<typeof ssoStartSchema>;
export const ssoStartResponseSchema = z.object({ authorizationUrl: z.string() });
export type SsoStartResponse = z.infer<typeof ssoStartResponseSchema>;
