import type { OriginSource, QueryOrigin } from '../request-scope/origin';
import { RequestScope } from '../request-scope/request-scope';

const signedIn = (origin: OriginSource | undefined): origin is QueryOrigin => !!origin?.actor;

/**
 * The origin of the code running now; undefined outside a signed-in request (start-up, jobs, sockets, walls).
 * The e2e suites' tenancy check reads it (test/utils/tenancy-check.ts); nothing in the app decides anything by it.
 */
export const currentQueryOrigin = (): QueryOrigin | undefined => {
  const origin = RequestScope.current()?.origin;
  return signedIn(origin) ? origin : undefined;
};

/** Runs `work` marked as reading across companies on purpose, for the reason given. */
export function markAcrossCompanies<T>(reason: string, work: () => T): T {
  const origin = currentQueryOrigin();
  return origin ? RequestScope.withOrigin({ actor: origin.actor, route: origin.route, acrossCompanies: reason }, work) : work();
}

/** Runs work that belongs to no request although one started it (the outbox publishing after commit). */
export function outsideRequest<T>(work: () => T): T {
  return RequestScope.current() ? RequestScope.withOrigin(undefined, work) : work();
}
