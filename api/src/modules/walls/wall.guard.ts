import { applyDecorators, CanActivate, createParamDecorator, ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import type { WallActor } from '../../common/auth/actor';
import { Public } from '../../common/auth/decorators';
import { unauthenticated } from '../../common/errors/app-error';
import { WallSessionService } from './wall-session.service';

/** Routes for wall displays only: a display token opens them, a user's token does not. */
@Injectable()
export class WallGuard implements CanActivate {
  constructor(private readonly walls: WallSessionService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; wall?: WallActor }>();
    const [scheme, token] = (req.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthenticated();
    req.wall = await this.walls.displayFromToken(token);
    return true;
  }
}

/** Marks a route as a wall display's: out of the global user guard (`@Public()`), behind WallGuard instead. */
export const WallDisplayOnly = () => applyDecorators(Public(), UseGuards(WallGuard));

export const CurrentWall = createParamDecorator((_: unknown, ctx: ExecutionContext): WallActor => ctx.switchToHttp().getRequest<{ wall: WallActor }>().wall);
