import { Body, Controller, Get, HttpCode, Ip, Post, Put } from '@nestjs/common';
import { changePasswordResponseSchema, changePasswordSchema, loginResponseSchema, loginSchema, verifyResponseSchema, type ChangePasswordInput, type LoginInput } from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { AnyRole, CurrentActor, Public } from '../../common/auth/decorators';
import { ZodPipe } from '../../common/validation/zod.pipe';
import { Responds } from '../../common/http/responds';
import { AuthService } from './auth.service';
import { RateLimited } from '../../common/rate-limit/rate-limit.guard';

@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  /** Limited by failures, per account and per address (login-attempts.ts), not by attempts. */
  @Public()
  @Post('login')
  @HttpCode(200)
  @Responds(loginResponseSchema, { errors: { 401: 'Wrong email or password (the same answer for both), or the account is deactivated', 429: 'Too many failed sign-ins from this address, or for this account' } })
  login(@Body(new ZodPipe(loginSchema)) body: LoginInput, @Ip() address: string) {
    return this.auth.login(body.email, body.password, address);
  }

  @Get('verify')
  @Responds(verifyResponseSchema)
  @AnyRole()
  verify(@CurrentActor() actor: Actor) {
    return this.auth.verify(actor);
  }

  @Put('change-password')
  @Responds(changePasswordResponseSchema)
  @AnyRole()
  @RateLimited({ limit: 'passwordChange', by: 'user' })
  changePassword(@CurrentActor() actor: Actor, @Body(new ZodPipe(changePasswordSchema)) body: ChangePasswordInput) {
    return this.auth.changePassword(actor, body.currentPassword, body.newPassword);
  }
}
