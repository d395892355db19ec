import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule, JwtService } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { JwtAuthGuard, RolesGuard } from './guards';
import { JwtStrategy } from './jwt.strategy';
import { SessionService } from './session.service';

/** Authentication for the whole app: a global token guard, a global roles guard, and the session checks. */
@Global()
@Module({
  imports: [
    PassportModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ secret: config.jwtSecret, signOptions: { expiresIn: config.jwtExpiresIn as never } }),
    }),
  ],
  providers: [
    SessionService,
    { provide: JwtStrategy, inject: [SessionService, APP_CONFIG], useFactory: (s: SessionService, c: AppConfig) => new JwtStrategy(s, c.jwtSecret) },
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
  ],
  exports: [SessionService, JwtModule],
})
export class AuthCoreModule {}
