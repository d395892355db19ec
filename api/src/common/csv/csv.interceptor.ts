import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { map, type Observable } from 'rxjs';
import { CsvDocument } from './csv-file';

/** Sends a `CsvDocument` a handler returns as a text/csv attachment; anything else passes through as JSON. */
@Injectable()
export class CsvInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((value: unknown) => {
        if (!(value instanceof CsvDocument)) return value;
        const res = context.switchToHttp().getResponse<Response>();
        res.setHeader('Content-Type', 'text/csv; charset=utf-8');
        res.setHeader('Content-Disposition', `attachment; filename="${value.filename.replace(/[^\w.-]/g, '_')}"`);
        return value.body;
      }),
    );
  }
}
