import { ERROR_STATUS, type ErrorCode } from '@kpi/contracts';

/** A failure a person can read; the global filter turns it into `{ statusCode, message, code, field? }`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('FORBIDDEN', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const invalid = (message: string, field?: string) => new AppError('VALIDATION', message, field);
export const unauthenticated = (message = 'Please sign in again') => new AppError('UNAUTHENTICATED', message);
