import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { Actor } from '../auth/actor';
import type { OriginSource } from './origin';

/** The one store every request's scope lives in. */
const storage = new AsyncLocalStorage<RequestScope>();

/**
 * Everything an HTTP request carries through its asynchronous work, in one store: its EntityManager (the
 * context MikroORM asks for through its public `context` option, see `entityManagerInScope`), the request's
 * logger (Nest's log calls carry its id) and its query origin (the tenancy check, the audit's author). One store
 * because Node 20 runs every promise through each AsyncLocalStorage in use: three stores, one per concern, cost a
 * small answer about a fifth of its time (docs/benchmarks.md).
 *
 * The EntityManager is forked on first use instead of for every request: most requests (the authenticated small
 * answers, the plain-SQL read paths) never need one, and forking per request was a measurable part of them. A
 * route that asks gets the same fork for the whole request, as with MikroORM's own request-context middleware
 * (which app.module.ts turns off: registerRequestContext false).
 */
export class RequestScope {
  private fork: EntityManager | undefined;
  /** Set while forking: MikroORM asks for the context again then, and must hear "none". */
  private forking = false;

  constructor(
    /** The application's root EntityManager, forked for this request on first use; undefined to share the parent's fork. */
    private readonly root: EntityManager | undefined,
    readonly log: Logger | undefined,
    readonly origin: OriginSource | undefined,
    /** The request's id (X-Request-Id: the caller's, or one made for it), as its log lines carry it. */
    readonly requestId?: string,
    private readonly parent?: RequestScope,
  ) {}

  /** This request's EntityManager for the ORM named `name`, forked on first use; undefined for another ORM. */
  entityManager(name: string): EntityManager | undefined {
    if (this.parent) return this.parent.entityManager(name);
    if (this.fork || this.forking || !this.root || name !== this.root.name) return this.fork;
    this.forking = true;
    try {
      this.fork = this.root.fork({ useContext: true });
      return this.fork;
    } finally {
      this.forking = false;
    }
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
    return storage.getStore();
  }

  /** Runs `work` in this scope. */
  run<T>(work: () => T): T {
    return storage.run(this, work);
  }

  /** Runs `work` with the same EntityManager and logger but another origin (none: work for nobody's request). */
  static withOrigin<T>(origin: OriginSource | undefined, work: () => T): T {
    const scope = RequestScope.current();
    return scope ? new RequestScope(undefined, scope.log, origin, scope.requestId, scope).run(work) : work();
  }
}

/** MikroORM's `context` option: the EntityManager of the request running now, if any (else MikroORM's global one). */
export const entityManagerInScope = (name: string): EntityManager | undefined => RequestScope.current()?.entityManager(name);
