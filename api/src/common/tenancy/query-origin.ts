import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable, Module, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import type { Observable } from 'rxjs';
import type { Actor } from '../auth/actor';

/** On whose behalf the statements of an HTTP request run: its signed-in actor and its route. */
export interface QueryOrigin {
  actor: Actor;
  route: string;
  /** Set while a call site reads across companies on purpose: why it may (`Scope.acrossCompanies`). */
  acrossCompanies?: string;
}

const origins = new AsyncLocalStorage<QueryOrigin>();

/** The origin of the code running now; undefined outside a signed-in request (start-up, jobs, sockets, walls). */
export const currentQueryOrigin = (): QueryOrigin | undefined => origins.getStore();

/** Runs `work` marked as reading across companies on purpose, for the reason given. */
export function markAcrossCompanies<T>(reason: string, work: () => T): T {
  const origin = origins.getStore();
  return origin ? origins.run({ ...origin, acrossCompanies: reason }, work) : work();
}

/** Runs work that belongs to no request although one started it (the outbox publishing after commit). */
export function outsideRequest<T>(work: () => T): T {
  return origins.exit(work);
}

/**
 * Runs every signed-in HTTP handler with its actor in an AsyncLocalStorage, so a statement can be traced to
 * the request and role it runs for. The e2e suites' tenancy check reads it (test/utils/tenancy-check.ts);
 * nothing in the app decides anything by it. Interceptors run after the guards, so the actor is known here.
 */
@Injectable()
export class QueryOriginInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<{ user?: Actor; method: string; route?: { path?: string }; url: string }>();
    if (!req.user?.role) return next.handle();
    const origin = { actor: req.user, route: `${req.method} ${req.route?.path ?? req.url}` };
    // Nest binds the handler to the async context that calls handle(), so the handler runs inside this one.
    return origins.run(origin, () => next.handle());
  }
}

@Module({ providers: [{ provide: APP_INTERCEPTOR, useClass: QueryOriginInterceptor }] })
export class QueryOriginModule {}
