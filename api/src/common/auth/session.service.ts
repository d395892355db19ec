import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { Role } from '@kpi/contracts';
import type { Actor, TokenClaims } from './actor';
import { ActorCache } from './actor-cache';
import { unauthenticated } from '../errors/app-error';
import { SESSION_USERS, type SessionUsers } from './session-users';
import { hasExpiry } from './token-options';
import { VerifiedTokens } from './verified-tokens';
import { bool } from '../rows/columns';

/** What a token is issued for: a user's id, role and current token version. */
export interface SessionSubject {
  id: string;
  role: Role;
  tokenVersion: number;
}

/**
 * Turns a token into an Actor for both HTTP and sockets: the signature, the user still existing and active,
 * and the token version still current (a password change or deactivation ends older tokens). The user row is
 * read at most once a second per user (ActorCache); a revocation on this instance takes effect at once.
 */
@Injectable()
export class SessionService {
  /** The HMAC check is most of an authenticated small answer; a token's signature is checked once per instance. */
  private readonly verified = new VerifiedTokens<TokenClaims & { exp?: number }>();

  constructor(
    private readonly jwt: JwtService,
    @Inject(SESSION_USERS) private readonly users: SessionUsers,
    private readonly cache: ActorCache,
  ) {}

  issue(user: SessionSubject): string {
    const claims: TokenClaims = { sub: user.id, role: user.role, tv: user.tokenVersion };
    return this.jwt.sign(claims);
  }

  /**
   * `fresh`: always read the user row (sockets: a connection lives long and is opened rarely, so it must never
   * start on a session another instance revoked within the cache's second).
   */
  async actorFromToken(token: string, { fresh = false } = {}): Promise<Actor> {
    let claims = this.verified.get(token);
    if (!claims) {
      try {
        claims = await this.jwt.verifyAsync<TokenClaims & { exp?: number }>(token);
      } catch {
        throw unauthenticated();
      }
      this.verified.set(token, claims);
    }
    return this.actorFromClaims(claims, { fresh });
  }

  async actorFromClaims(claims: TokenClaims, { fresh = false } = {}): Promise<Actor> {
    // A wall display's token (or anything else that is not a user's) opens no user endpoint or socket.
    if ((claims as { kind?: unknown }).kind !== undefined || typeof claims.tv !== 'number' || typeof claims.sub !== 'string' || !hasExpiry(claims)) throw unauthenticated();
    const cached = fresh ? undefined : this.cache.get(claims.sub, claims.tv);
    if (cached) return cached;
    const ticket = this.cache.ticket();
    const row = await this.users.sessionRow(claims.sub);
    if (!row || !bool(row.is_active) || Number(row.token_version) !== claims.tv) throw unauthenticated();
    const actor: Actor = { userId: row.id, role: row.role, companyId: row.company_id ?? null, name: row.name };
    this.cache.set(row.id, claims.tv, actor, ticket);
    return actor;
  }
}
