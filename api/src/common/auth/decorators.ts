import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Role } from '@kpi/contracts';
import type { Actor } from './actor';

export const IS_PUBLIC = 'isPublic';
export const ROLES_KEY = 'roles';

/** Opts a route out of authentication (sign-in, health). Everything else needs a valid token. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Limits a route or controller to the given roles; the global roles guard enforces it. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

export const CurrentActor = createParamDecorator((_: unknown, ctx: ExecutionContext): Actor => ctx.switchToHttp().getRequest().user);
