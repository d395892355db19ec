import { z } from 'zod';
import { LIMITS, MIN_PASSWORD_LENGTH } from '../constants';
import { isCommonPassword } from './common-passwords';

/** A required, trimmed text field whose messages name the field. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Optional text: absent, or trimmed and within its limit (an empty string stays empty). */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(LIMITS.email, `Email must be at most ${LIMITS.email} characters`)
  .pipe(z.email('Email must be a valid email address'))
  .transform((v) => v.toLowerCase())
  .meta({ format: 'email', maxLength: LIMITS.email });

export const passwordField = z
  .string({ error: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, 'Password must be at least 8 characters long')
  .max(LIMITS.password, `Password must be at most ${LIMITS.password} characters`)
  .refine((v) => !isCommonPassword(v), 'This password is too common, please choose another');

export const idField = (label: string) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(64, `${label} is not a valid id`);

/** An absolute http(s) URL; other schemes (javascript:, data:) are refused. */
export const httpUrl = (label: string, requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(LIMITS.url, `${label} must be at most ${LIMITS.url} characters`)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    }, `${label} must be a valid http(s) URL`)
    .meta({ format: 'uri', pattern: '^\\s*[hH][tT][tT][pP][sS]?://' });

/** An ISO date or date-time string, normalised to a Date. */
export const dateField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .refine((v) => !Number.isNaN(Date.parse(v)), `${label} must be a valid date`)
    .transform((v) => new Date(v))
    .meta({ format: 'date-time', description: 'ISO 8601: a date-time, or a plain date (midnight UTC)' });

/**
 * How the OpenAPI document (api/src/openapi, docs/openapi.md) shows a field whose text on the wire means
 * something else, e.g. a query's `limit=20`, a whole number: this JSON Schema replaces the one generated from
 * the string checks. The zod checks stay the rule; this only describes them.
 */
export const onTheWire = (jsonSchema: Record<string, unknown>) => ({ wire: jsonSchema });

/** A point in time as the api sends it: an ISO 8601 string in UTC. */
export const timestampField = z.iso.datetime({ offset: true });
