import { z } from 'zod';
import { LIMITS } from './constants';
import { requiredText, timestampField } from './common/fields';

const timeZone = z
  .string({ error: 'Time zone must be text' })
  .trim()
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'Time zone must be a valid IANA time zone such as Europe/Berlin')
  .meta({ format: 'time-zone', description: 'An IANA time zone name', examples: ['Europe/Berlin', 'UTC'] });

export const createCompanySchema = z.object({
  name: requiredText('Name', LIMITS.name),
  industry: requiredText('Industry', LIMITS.industry),
  description: requiredText('Description', LIMITS.description),
  timeZone: timeZone.optional(),
});
export const updateCompanySchema = z.object({
  name: requiredText('Name', LIMITS.name).optional(),
  industry: requiredText('Industry', LIMITS.industry).optional(),
  description: requiredText('Description', LIMITS.description).optional(),
  timeZone: timeZone.optional(),
});
export type CreateCompanyRequest = z.input<typeof createCompanySchema>;
export type UpdateCompanyRequest = z.input<typeof updateCompanySchema>;

export const companySchema = z.object({
  _id: z.string(),
  name: z.string(),
  industry: z.string(),
  description: z.string(),
  timeZone: z.string(),
  adminCount: z.number().int(),
  executiveCount: z.number().int(),
  createdAt: timestampField,
});
export type Company = z.infer<typeof companySchema>;
