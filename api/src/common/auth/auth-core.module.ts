import { Global, Module, type DynamicModule, type Type } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { ActorCache } from './actor-cache';
import { JwtAuthGuard, RolesGuard } from './guards';
import { SessionService } from './session.service';
import { SESSION_USERS, type SessionUsers } from './session-users';
import { signOptionsFor, USER_AUDIENCE, verifyOptionsFor } from './token-options';

/** Authentication for the whole app: global token and roles guards and the user session checks (wall displays' own: the walls module). */
@Global()
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      // The secret as a KeyObject, not the string: given a string, jsonwebtoken first tries (and fails) to read it
      // as a public key on every verify, which was a tenth of an authenticated request's CPU time.
      useFactory: (config: AppConfig) => ({
        secret: createSecretKey(Buffer.from(config.jwtSecret)) as unknown as string,
        signOptions: { ...signOptionsFor(USER_AUDIENCE), expiresIn: config.jwtExpiresIn as never },
        verifyOptions: verifyOptionsFor(USER_AUDIENCE),
      }),
    }),
  ],
  providers: [
    ActorCache,
    SessionService,
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
  ],
  exports: [ActorCache, SessionService, JwtModule],
})
export class AuthCoreModule {
  /** `sessionUsers`: how sessions read a user (the users module's implementation, wired by the app module). */
  static forRoot({ sessionUsers }: { sessionUsers: Type<SessionUsers> }): DynamicModule {
    return { module: AuthCoreModule, providers: [{ provide: SESSION_USERS, useClass: sessionUsers }] };
  }
}
