import type { EntityManager } from '@mikro-orm/core';

/**
 * A request's EntityManager, forked on first use instead of for every request: most requests (the
 * authenticated small answers, the plain-SQL read paths) never touch the request context, and forking an
 * EntityManager per request was a measurable part of them (docs/benchmarks.md). A route that asks for the
 * context's EntityManager gets the same single fork for the whole request, as with MikroORM's own middleware.
 * Held by the request's scope (common/request-scope), which replaces MikroORM's request-context middleware
 * (registerRequestContext: false in app.module.ts).
 */
export class LazyForks extends Map<string, EntityManager> {
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
