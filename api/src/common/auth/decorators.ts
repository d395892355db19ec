import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ROLES, type Role } from '@kpi/contracts';
import type { Actor } from './actor';

export const IS_PUBLIC = 'isPublic';
export const ROLES_KEY = 'roles';

/** Opts a route out of authentication (sign-in, health). Everything else needs a valid token. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/**
 * Names the roles a route or controller is open to; the global roles guard enforces it. Every route must make a
 * decision: one with neither @Roles nor @Public is refused (deny by default).
 */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

/** Open to every signed-in user, whatever their role: the explicit form of "any role". */
export const AnyRole = () => Roles(...ROLES);

export const CurrentActor = createParamDecorator((_: unknown, ctx: ExecutionContext): Actor => ctx.switchToHttp().getRequest<{ user: Actor }>().user);
