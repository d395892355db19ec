import { z } from 'zod';
import { LIMITS } from './constants';
import { passwordField } from './common/fields';
import { userSchema } from './users';

export const loginSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(LIMITS.email, `Email must be at most ${LIMITS.email} characters`)
    .transform((v) => v.toLowerCase()),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(LIMITS.password, 'Password is too long'),
});
export type LoginRequest = z.input<typeof loginSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
  newPassword: passwordField,
});
export type ChangePasswordRequest = z.input<typeof changePasswordSchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export const verifyResponseSchema = z.object({ user: userSchema });
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;
/** The new token replaces the old one, which stopped working with the change. */
export const changePasswordResponseSchema = z.object({ message: z.string(), token: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;
