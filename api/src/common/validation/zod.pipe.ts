import { PipeTransform } from '@nestjs/common';
import type { ZodType } from 'zod';
import { invalid } from '../errors/app-error';

/** Validates a body or query with a contracts schema; the first problem becomes a 400 naming its field. */
export class ZodPipe<T> implements PipeTransform<unknown, T> {
  constructor(private readonly schema: ZodType<T>) {}

  transform(value: unknown): T {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    const field = issue.path.join('.') || undefined;
    const message = issue.code === 'invalid_type' && issue.path.length === 0 ? 'The request body must be a JSON object' : issue.message;
    throw invalid(message, field);
  }
}
