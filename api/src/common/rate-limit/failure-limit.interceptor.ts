import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor, UseInterceptors, applyDecorators, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { catchError, from, switchMap, type Observable } from 'rxjs';
import type { Actor } from '../auth/actor';
import { AppError } from '../errors/app-error';
import { LIMITS, type Limits } from './limits';
import { RateLimiter, TooManyRequests } from './rate-limiter';

export const FAILURE_LIMIT_KEY = 'failureLimit';

/**
 * Limits a route's *failed* calls per signed-in user (a wrong code, a wrong password): guessing is throttled,
 * while someone doing legitimate work many times in a row (pairing twenty screens) is not.
 */
export const LimitFailures = (limit: keyof Limits) => applyDecorators(SetMetadata(FAILURE_LIMIT_KEY, limit), UseInterceptors(FailureLimitInterceptor));

@Injectable()
export class FailureLimitInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
    @Inject(LIMITS) private readonly limits: Limits,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const limit = this.limits[this.reflector.get<keyof Limits>(FAILURE_LIMIT_KEY, context.getHandler())];
    const req = context.switchToHttp().getRequest<{ user?: Actor; ip?: string }>();
    const key = req.user?.userId ?? req.ip ?? 'unknown';
    return from(this.limiter.isExhausted(limit, key)).pipe(
      switchMap((exhausted) => {
        if (exhausted) throw new TooManyRequests(Math.ceil(limit.windowMs / 1000));
        return next.handle();
      }),
      catchError((err: unknown) => {
        const guessed = err instanceof AppError && !(err instanceof TooManyRequests) && err.status < 500;
        return from(guessed ? this.limiter.hit(limit, key) : Promise.resolve()).pipe(
          switchMap(() => {
            throw err;
          }),
        );
      }),
    );
  }
}
