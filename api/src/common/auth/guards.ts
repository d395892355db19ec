import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Role } from '@kpi/contracts';
import { forbidden, unauthenticated } from '../errors/app-error';
import type { Actor } from './actor';
import { IS_PUBLIC, ROLES_KEY } from './decorators';
import { SessionService } from './session.service';

/** What a route's decorators decide about who may call it. */
interface RouteAccess {
  isPublic: boolean;
  roles: Role[] | undefined;
}

const ACCESS = new WeakMap<object, WeakMap<object, RouteAccess>>();

/**
 * A route's access, read from its decorators (the handler's over its controller's) on its first request and
 * kept: decorators do not change while the app runs, and both guards ask on every request.
 */
function routeAccess(reflector: Reflector, context: ExecutionContext): RouteAccess {
  const handler = context.getHandler();
  const controller = context.getClass();
  let byController = ACCESS.get(handler);
  if (!byController) ACCESS.set(handler, (byController = new WeakMap()));
  let access = byController.get(controller);
  if (!access) {
    const targets = [handler, controller];
    access = {
      isPublic: !!reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets),
      roles: reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, targets),
    };
    byController.set(controller, access);
  }
  return access;
}

/**
 * Global: every route needs a valid bearer token unless marked @Public(). It asks SessionService directly
 * (as sockets do) rather than through passport: passport keeps one strategy per name for the whole process (two apps in one
 * process, as the test suites run them, answered each other's tokens) and its per-request set-up cost more than
 * the check itself. The token rules (algorithm, issuer, audience, expiry) live in JwtModule's options.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (routeAccess(this.reflector, context).isPublic) return true;
    const req = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; user?: Actor }>();
    const token = bearerToken(req.headers.authorization);
    if (!token) throw unauthenticated();
    req.user = await this.sessions.actorFromToken(token);
    return true;
  }
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^bearer +(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/** Global: @Roles(...) on a route or controller limits it to those roles; a route with no decision is refused. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const { isPublic, roles } = routeAccess(this.reflector, context);
    if (isPublic) return true;
    // Deny by default: a route someone forgot to decide on is open to nobody, not to everybody.
    if (!roles) throw forbidden('Your role does not allow this');
    const actor = context.switchToHttp().getRequest<{ user?: Actor }>().user;
    if (!actor || !roles.includes(actor.role)) throw forbidden('Your role does not allow this');
    return true;
  }
}
