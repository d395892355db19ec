import { Global, Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { SsoSettingsController, SsoSignInController } from './sso.controller';
import { SsoPolicy } from './sso-policy';
import { SsoSettingsService } from './sso-settings.service';
import { SsoSignInService } from './sso-sign-in.service';

/** Single sign-on per company (OpenID Connect): settings, the code flow, and the "SSO required" policy. */
@Module({
  imports: [UsersModule],
  controllers: [SsoSettingsController, SsoSignInController],
  providers: [SsoSettingsService, SsoSignInService],
})
export class SsoModule {}

/** "SSO required", asked by password sign-in and password links: global, so they need not import the flow. */
@Global()
@Module({ providers: [SsoPolicy], exports: [SsoPolicy] })
export class SsoPolicyModule {}
