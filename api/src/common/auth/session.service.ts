import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { EntityManager } from '@mikro-orm/sqlite';
import { User } from '../../modules/users/user.entity';
import type { Actor, TokenClaims } from './actor';
import { unauthenticated } from '../errors/app-error';
import { hasExpiry } from './token-options';

/**
 * Turns a token into an Actor for both HTTP and sockets: the signature, the user still existing and active,
 * and the token version still current (a password change or deactivation ends older tokens).
 */
@Injectable()
export class SessionService {
  constructor(
    private readonly jwt: JwtService,
    private readonly em: EntityManager,
  ) {}

  issue(user: User): string {
    const claims: TokenClaims = { sub: user.id, role: user.role, tv: user.tokenVersion };
    return this.jwt.sign(claims);
  }

  async actorFromToken(token: string): Promise<Actor> {
    let claims: TokenClaims;
    try {
      claims = await this.jwt.verifyAsync<TokenClaims>(token);
    } catch {
      throw unauthenticated();
    }
    return this.actorFromClaims(claims);
  }

  async actorFromClaims(claims: TokenClaims): Promise<Actor> {
    // A wall display's token (or anything else that is not a user's) opens no user endpoint or socket.
    if ((claims as { kind?: unknown }).kind !== undefined || typeof claims.tv !== 'number' || !hasExpiry(claims)) throw unauthenticated();
    const user = await this.em.fork().findOne(User, { id: claims.sub }, { fields: ['id', 'name', 'role', 'company', 'isActive', 'tokenVersion'] });
    if (!user || !user.isActive || user.tokenVersion !== claims.tv) throw unauthenticated();
    return { userId: user.id, role: user.role, companyId: user.company?.id ?? null, name: user.name };
  }
}
