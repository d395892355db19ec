import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { ErrorCode, ErrorResponse } from '@kpi/contracts';
import type { Response } from 'express';
import { AppError } from './app-error';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  410: 'GONE',
  429: 'TOO_MANY_REQUESTS',
};

/** The one place errors become HTTP answers. Unknown failures are logged and never leak a stack. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const body = this.toBody(exception);
    const retryAfterS = (exception as { retryAfterS?: unknown } | null)?.retryAfterS;
    if (body.statusCode === 429 && typeof retryAfterS === 'number') res.setHeader('Retry-After', String(retryAfterS));
    res.status(body.statusCode).json(body);
  }

  toBody(exception: unknown): ErrorResponse {
    if (exception instanceof AppError) {
      return { statusCode: exception.status, message: exception.message, code: exception.code, ...(exception.field ? { field: exception.field } : {}) };
    }
    if (exception instanceof UniqueConstraintViolationException) {
      return { statusCode: 409, message: 'A record with these details already exists', code: 'CONFLICT' };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      const raw = typeof response === 'string' ? response : (response as { message?: unknown }).message;
      let message = Array.isArray(raw) ? raw.join(', ') : typeof raw === 'string' ? raw : exception.message;
      if (status === 401) message = 'Please sign in again';
      if (status === 429) message = 'Too many attempts, please wait a minute and try again';
      if (status === 400 && /JSON/i.test(message)) message = 'The request body is not valid JSON';
      if (status === 413) message = 'The request body is too large';
      return { statusCode: status, message, code: CODE_BY_STATUS[status] ?? (status < 500 ? 'VALIDATION' : 'INTERNAL') };
    }
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    return { statusCode: 500, message: 'Something went wrong on our side, please try again', code: 'INTERNAL' };
  }
}
