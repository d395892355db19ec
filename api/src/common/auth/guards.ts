import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Role } from '@kpi/contracts';
import { forbidden, unauthenticated } from '../errors/app-error';
import type { Actor } from './actor';
import { IS_PUBLIC, ROLES_KEY } from './decorators';

/**
 * Global: every route needs a valid bearer token unless marked @Public(). passport-jwt checks the token
 * (algorithm, issuer, audience, expiry); SessionService turns it into an Actor from its per-user cache.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  canActivate(context: ExecutionContext) {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    return isPublic ? true : super.canActivate(context);
  }

  handleRequest<T>(err: unknown, user: T): T {
    if (err || !user) throw err instanceof Error && 'code' in err ? err : unauthenticated();
    return user;
  }
}

/** Global: @Roles(...) on a route or controller limits it to those roles; a route with no decision is refused. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, targets);
    // Deny by default: a route someone forgot to decide on is open to nobody, not to everybody.
    if (!roles) throw forbidden('Your role does not allow this');
    const actor: Actor | undefined = context.switchToHttp().getRequest().user;
    if (!actor || !roles.includes(actor.role)) throw forbidden('Your role does not allow this');
    return true;
  }
}
