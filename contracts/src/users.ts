import { z } from 'zod';
import { LIMITS } from './constants';
import { emailField, idField, passwordField, requiredText, timestampField } from './common/fields';
import { ROLES } from './common/roles';
import { SIGN_IN_STATES } from './password-links';

export const companyRefSchema = z.object({ _id: z.string(), id: z.string(), name: z.string(),
  /** The company's IANA time zone: its months and years (and the screens' default period) follow it. */
  timeZone: z.string(),
});
export type CompanyRef = z.infer<typeof companyRefSchema>;

export const userSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  department: z.string(),
  phoneNumber: z.string(),
  company: companyRefSchema.nullable(),
  companyName: z.string().nullable(),
  isActive: z.boolean(),
  mustChangePassword: z.boolean(),
  createdAt: timestampField,
  /** Whether the person can sign in yet, or waits on an invitation (docs/invitations.md). */
  signIn: z.enum(SIGN_IN_STATES),
});
export type User = z.infer<typeof userSchema>;

const userFields = {
  name: requiredText('Full name', LIMITS.name),
  email: emailField,
  department: requiredText('Department', LIMITS.department),
  phoneNumber: requiredText('Phone number', LIMITS.phone),
};

/**
 * POST /users. `role` and `company` are what the client sends (docs/product.md#rest-api); the server decides
 * what the caller may create: an admin's company always comes from the token. Without `password` the person
 * is created waiting for an invitation (POST /users/{id}/invitation) and chooses their own.
 */
export const createUserSchema = z.object({
  ...userFields,
  password: passwordField.optional(),
  role: z.enum(ROLES, { error: 'Role must be one of superadmin, admin, executive' }),
  company: idField('Company').optional().nullable(),
});
export const updateUserSchema = z.object({
  name: userFields.name.optional(),
  email: emailField.optional(),
  department: userFields.department.optional(),
  phoneNumber: userFields.phoneNumber.optional(),
  isActive: z.boolean({ error: 'Active must be true or false' }).optional(),
  company: idField('Company').optional().nullable(),
  role: z.enum(ROLES, { error: 'Role must be one of superadmin, admin, executive' }).optional(),
  /** A password here resets it (a temporary one): the user must change it at next sign-in. */
  password: passwordField.optional(),
});
export type CreateUserRequest = z.input<typeof createUserSchema>;
export type UpdateUserRequest = z.input<typeof updateUserSchema>;
