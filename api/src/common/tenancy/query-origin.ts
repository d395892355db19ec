import { AsyncLocalStorage } from 'node:async_hooks';
import { Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import type { Actor } from '../auth/actor';

/** On whose behalf the statements of an HTTP request run: its signed-in actor and its route. */
export interface QueryOrigin {
  actor: Actor;
  route: string;
  /** Set while a call site reads across companies on purpose: why it may (`Scope.acrossCompanies`). */
  acrossCompanies?: string;
}

type OriginRequest = { user?: Actor; method?: string; route?: { path?: string }; url?: string };

/**
 * A request's origin, read when a statement asks: the guards sign the caller in after this is bound, and the
 * router names the route after that. One object per request, so a statement's origin is the same object for
 * the whole request.
 */
class RequestOrigin implements Partial<QueryOrigin> {
  constructor(private readonly req: OriginRequest) {}

  get actor(): Actor | undefined {
    return this.req.user?.role ? this.req.user : undefined;
  }

  get route(): string {
    return `${this.req.method} ${this.req.route?.path ?? this.req.url}`;
  }
}

const origins = new AsyncLocalStorage<RequestOrigin | QueryOrigin>();

const signedIn = (origin: RequestOrigin | QueryOrigin | undefined): origin is QueryOrigin => !!origin?.actor;

/** The origin of the code running now; undefined outside a signed-in request (start-up, jobs, sockets, walls). */
export const currentQueryOrigin = (): QueryOrigin | undefined => {
  const origin = origins.getStore();
  return signedIn(origin) ? origin : undefined;
};

/** Runs `work` marked as reading across companies on purpose, for the reason given. */
export function markAcrossCompanies<T>(reason: string, work: () => T): T {
  const origin = currentQueryOrigin();
  return origin ? origins.run({ actor: origin.actor, route: origin.route, acrossCompanies: reason }, work) : work();
}

/** Runs work that belongs to no request although one started it (the outbox publishing after commit). */
export function outsideRequest<T>(work: () => T): T {
  return origins.exit(work);
}

/**
 * Runs every HTTP request in an AsyncLocalStorage holding it, so a statement can be traced to the request and
 * role it runs for once the guards have signed the caller in. The e2e suites' tenancy check reads it
 * (test/utils/tenancy-check.ts); nothing in the app decides anything by it. A middleware rather than a global
 * interceptor: a route without interceptors skips Nest's observable chain (docs/benchmarks.md).
 */
export function bindQueryOrigin(req: OriginRequest, _res: unknown, next: () => void): void {
  origins.run(new RequestOrigin(req), next);
}

@Module({})
export class QueryOriginModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(bindQueryOrigin).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
