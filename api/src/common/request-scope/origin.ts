import type { Actor } from '../auth/actor';

/** On whose behalf the statements of an HTTP request run: its signed-in actor and its route. */
export interface QueryOrigin {
  actor: Actor;
  route: string;
  /** Set while a call site reads across companies on purpose: why it may (`Scope.acrossCompanies`). */
  acrossCompanies?: string;
}

export type OriginRequest = { user?: Actor; method?: string; route?: { path?: string }; url?: string };

/**
 * A request's origin, read when a statement asks: the guards sign the caller in after the request's scope is
 * made, and the router names the route after that. One object per request, so a statement's origin is the
 * same object for the whole request.
 */
export class RequestOrigin implements Partial<QueryOrigin> {
  constructor(private readonly req: OriginRequest) {}

  get actor(): Actor | undefined {
    return this.req.user?.role ? this.req.user : undefined;
  }

  get route(): string {
    return `${this.req.method} ${this.req.route?.path ?? this.req.url}`;
  }
}

/** What a request's scope (common/request-scope) holds as its origin. */
export type OriginSource = RequestOrigin | QueryOrigin;
