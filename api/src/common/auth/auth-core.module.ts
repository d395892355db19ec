import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule, JwtService } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { JwtAuthGuard, RolesGuard } from './guards';
import { JwtStrategy } from './jwt.strategy';
import { SessionService } from './session.service';
import { signOptionsFor, USER_AUDIENCE, verifyOptionsFor } from './token-options';
import { WallGuard } from './wall.guard';
import { WallSessionService } from './wall-session.service';

/** Authentication for the whole app: global token and roles guards, the user session checks, and wall displays' own. */
@Global()
@Module({
  imports: [
    PassportModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.jwtSecret,
        signOptions: { ...signOptionsFor(USER_AUDIENCE), expiresIn: config.jwtExpiresIn as never },
        verifyOptions: verifyOptionsFor(USER_AUDIENCE),
      }),
    }),
  ],
  providers: [
    SessionService,
    WallSessionService,
    WallGuard,
    { provide: JwtStrategy, inject: [SessionService, APP_CONFIG], useFactory: (s: SessionService, c: AppConfig) => new JwtStrategy(s, c.jwtSecret) },
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
  ],
  exports: [SessionService, WallSessionService, WallGuard, JwtModule],
})
export class AuthCoreModule {}
