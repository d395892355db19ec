import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { AsyncLocalStorage } from 'node:async_hooks';
import { MikroORM, RequestContext, type EntityManager } from '@mikro-orm/core';

/**
 * The request's EntityManager, forked on first use instead of for every request: most requests (the
 * authenticated small answers, the plain-SQL read paths) never touch the request context, and forking an
 * EntityManager per request was a measurable part of them (docs/benchmarks.md). A route that asks for the
 * context's EntityManager gets the same single fork for the whole request, as with MikroORM's own middleware.
 */
class LazyForks extends Map<string, EntityManager> {
  constructor(private readonly root: EntityManager) {
    super();
  }

  private forking = false;

  override get(name: string): EntityManager | undefined {
    const existing = super.get(name);
    if (existing || this.forking || name !== this.root.name) return existing;
    // While forking, MikroORM asks for the context again: it answers "none", as before MikroORM's own
    // middleware enters the context.
    this.forking = true;
    try {
      const fork = this.root.fork({ useContext: true });
      this.set(name, fork);
      return fork;
    } finally {
      this.forking = false;
    }
  }
}

/**
 * The store MikroORM reads the request's EntityManager from. TypeScript-private in MikroORM 6 but a plain static
 * field; its own `RequestContext.create` always forks at once, so this is the one way to defer the fork. The
 * e2e suites fail loudly (no context) should a MikroORM upgrade move it.
 */
const contextStorage = (RequestContext as unknown as { storage: AsyncLocalStorage<RequestContext> }).storage;

/** Replaces MikroORM's request-context middleware (registerRequestContext: false in app.module.ts). */
@Injectable()
export class LazyRequestContextMiddleware implements NestMiddleware {
  constructor(private readonly orm: MikroORM) {}

  use(_req: unknown, _res: unknown, next: () => void): void {
    contextStorage.run(new RequestContext(new LazyForks(this.orm.em)), next);
  }
}
