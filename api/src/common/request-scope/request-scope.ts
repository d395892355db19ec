import type { AsyncLocalStorage } from 'node:async_hooks';
import { RequestContext, type EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { Actor } from '../auth/actor';
import type { OriginSource } from '../tenancy/query-origin';

/**
 * Everything an HTTP request carries through its asynchronous work, in one store: MikroORM's request
 * context (its EntityManager forks), the request's logger (Nest's log calls carry its id) and its query
 * origin (the tenancy check). One store because Node 20 runs every promise through each AsyncLocalStorage in
 * use: three stores, one per concern, cost a small answer about a fifth of its time (docs/benchmarks.md).
 *
 * It is MikroORM's own store, so MikroORM finds the request's EntityManager where it always looks.
 */
export class RequestScope extends RequestContext {
  constructor(
    forks: Map<string, EntityManager>,
    readonly log: Logger | undefined,
    readonly origin: OriginSource | undefined,
    /** The request's id (X-Request-Id: the caller's, or one made for it), as its log lines carry it. */
    readonly requestId?: string,
  ) {
    super(forks);
  }

  /**
   * Who is changing something now and in which request: the signed-in actor of the HTTP request running this
   * code, or undefined outside one (start-up, timers, sockets, the outbox publishing after commit). The audit
   * trail records it with each change (docs/audit.md); nothing decides who may do what by it.
   */
  static author(): { actor: Actor; requestId: string | null } | undefined {
    const scope = RequestScope.current();
    const actor = scope?.origin?.actor;
    return actor ? { actor, requestId: scope.requestId ?? null } : undefined;
  }

  /** The request's scope now, or undefined outside a request (start-up, jobs, sockets). */
  static current(): RequestScope | undefined {
    const store = storage.getStore();
    return store instanceof RequestScope ? store : undefined;
  }

  /** Runs `work` in this scope. */
  run<T>(work: () => T): T {
    return storage.run(this, work);
  }

  /** Runs `work` with the same EntityManager and logger but another origin (none: work for nobody's request). */
  static withOrigin<T>(origin: OriginSource | undefined, work: () => T): T {
    const scope = RequestScope.current();
    return scope ? new RequestScope(scope.map, scope.log, origin, scope.requestId).run(work) : work();
  }
}

/**
 * MikroORM's store: TypeScript-private in MikroORM 6 but a plain static field. The e2e suites fail loudly (no
 * request context) should a MikroORM upgrade move it.
 */
const storage = (RequestContext as unknown as { storage: AsyncLocalStorage<RequestContext> }).storage;
