import { applyDecorators, CanActivate, ExecutionContext, Inject, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { Actor } from '../auth/actor';
import { LIMITS, type Limits } from './limits';
import { RateLimiter, TooManyRequests } from './rate-limiter';

const LIMIT_KEY = 'rateLimit';

type Keyed = { limit: keyof Limits; by: 'address' | 'user' };

/** Limits a route per client address (`TRUST_PROXY` decides what that is) or per signed-in user. */
export const RateLimited = (...limits: Keyed[]) => applyDecorators(SetMetadata(LIMIT_KEY, limits), UseGuards(RateLimitGuard));

@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
    @Inject(LIMITS) private readonly limits: Limits,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request & { user?: Actor }>();
    for (const { limit, by } of this.reflector.get<Keyed[]>(LIMIT_KEY, context.getHandler()) ?? []) {
      const key = by === 'address' ? (req.ip ?? 'unknown') : (req.user?.userId ?? req.ip ?? 'unknown');
      try {
        await this.limiter.consume(this.limits[limit], key);
      } catch (err) {
        if (err instanceof TooManyRequests) context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(err.retryAfterS));
        throw err;
      }
    }
    return true;
  }
}
