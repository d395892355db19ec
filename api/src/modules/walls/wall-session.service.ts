import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { EntityManager } from '@mikro-orm/knex';
import type { WallActor, WallTokenClaims } from '../../common/auth/actor';
import { hasExpiry, signOptionsFor, verifyOptionsFor, WALL_AUDIENCE } from '../../common/auth/token-options';
import { unauthenticated } from '../../common/errors/app-error';
import { WallDisplay } from './wall-display.entity';

/**
 * A screen on an office wall is not switched off for a year: its token lasts that long, and revoking the
 * display (checked on every request and socket) is what ends it.
 */
export const WALL_TOKEN_LIFETIME = '365d';
/** `last_seen_at` moves at most this often, so a polling screen does not write on every request. */
const SEEN_EVERY_MS = 60_000;

/** Turns a display token into a WallActor for HTTP (WallGuard) and sockets: signed, a wall's, not revoked. */
@Injectable()
export class WallSessionService {
  constructor(
    private readonly jwt: JwtService,
    private readonly em: EntityManager,
  ) {}

  issue(display: { id: string; companyId: string }): string {
    const claims: WallTokenClaims = { sub: display.id, kind: 'wall', cid: display.companyId };
    return this.jwt.sign(claims, { ...signOptionsFor(WALL_AUDIENCE), expiresIn: WALL_TOKEN_LIFETIME });
  }

  /** Whether a token claims to be a display's (unverified: only to pick which check applies). */
  isWallToken(token: string): boolean {
    const claims: unknown = this.jwt.decode(token);
    return typeof claims === 'object' && claims !== null && (claims as { kind?: unknown }).kind === 'wall';
  }

  async displayFromToken(token: string): Promise<WallActor> {
    let claims: WallTokenClaims;
    try {
      claims = await this.jwt.verifyAsync<WallTokenClaims>(token, verifyOptionsFor(WALL_AUDIENCE));
    } catch {
      throw unauthenticated();
    }
    // A user's token never carries `kind`: it opens nothing here.
    if (claims.kind !== 'wall' || typeof claims.sub !== 'string' || !hasExpiry(claims)) throw unauthenticated();
    const em = this.em.fork();
    const display = await em.findOne(WallDisplay, { id: claims.sub }, { fields: ['id', 'name', 'company', 'revokedAt', 'lastSeenAt'] });
    if (!display || display.revokedAt || display.company.id !== claims.cid) throw unauthenticated('This display is no longer paired');
    const now = new Date();
    if (!display.lastSeenAt || now.getTime() - display.lastSeenAt.getTime() > SEEN_EVERY_MS) {
      await em.nativeUpdate(WallDisplay, { id: display.id }, { lastSeenAt: now });
    }
    return { displayId: display.id, companyId: display.company.id, name: display.name };
  }

  /** For a socket that joined its rooms while the display was being revoked. */
  async isRevoked(displayId: string): Promise<boolean> {
    const display = await this.em.fork().findOne(WallDisplay, { id: displayId }, { fields: ['id', 'revokedAt'] });
    return !display || display.revokedAt !== null;
  }
}
