import { PipeTransform } from '@nestjs/common';
import type { ZodType } from 'zod';
import { invalid } from '../errors/app-error';

/** The path of the first string holding a NUL character (no database stores those in text), or null. */
function nulPath(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulPath(item, [...path, String(i)]);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = nulPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** Validates a body or query with a contracts schema; the first problem becomes a 400 naming its field. */
export class ZodPipe<T> implements PipeTransform<unknown, T> {
  constructor(readonly schema: ZodType<T>) {}

  transform(value: unknown): T {
    const nul = nulPath(value);
    if (nul) {
      const field = nul.join('.') || undefined;
      throw invalid(`${field ?? 'The request'} contains a character that is not allowed`, field);
    }
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    const field = issue.path.join('.') || undefined;
    const message = issue.code === 'invalid_type' && issue.path.length === 0 ? 'The request body must be a JSON object' : issue.message;
    throw invalid(message, field);
  }
}
