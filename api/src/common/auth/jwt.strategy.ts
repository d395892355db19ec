import { Injectable } from '@nestjs/common';
import type { KeyObject } from 'node:crypto';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { Actor, TokenClaims } from './actor';
import { SessionService } from './session.service';
import { TOKEN_ALGORITHM, TOKEN_ISSUER, USER_AUDIENCE } from './token-options';

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    private readonly sessions: SessionService,
    secret: KeyObject,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // passport-jwt hands the key to jsonwebtoken, which takes a KeyObject (see auth-core.module.ts).
      secretOrKey: secret as unknown as string,
      ignoreExpiration: false,
      algorithms: [TOKEN_ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: USER_AUDIENCE,
    });
  }

  validate(claims: TokenClaims): Promise<Actor> {
    return this.sessions.actorFromClaims(claims);
  }
}
