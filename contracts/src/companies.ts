import { z } from 'zod';
import { LIMITS } from './constants';
import { requiredText } from './common/fields';

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
  }, 'Time zone must be a valid IANA time zone such as Europe/Berlin');

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

export interface Company {
  _id: string;
  name: string;
  industry: string;
  description: string;
  timeZone: string;
  adminCount: number;
  executiveCount: number;
  createdAt: string;
}
