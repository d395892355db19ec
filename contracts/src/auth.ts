import { z } from 'zod';
import { LIMITS } from './constants';
import { passwordField } from './common/fields';
import type { User } from './users';

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

export interface LoginResponse {
  token: string;
  user: User;
}
export interface VerifyResponse {
  user: User;
}
export interface ChangePasswordResponse {
  message: string;
  token: string;
}
