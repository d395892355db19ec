import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { changePasswordResponseSchema, changePasswordSchema, loginResponseSchema, loginSchema, verifyResponseSchema, type ChangePasswordInput, type LoginInput } from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { AnyRole, CurrentActor, Public } from '../../common/auth/decorators';
import { ZodPipe } from '../../common/validation/zod.pipe';
import { Responds } from '../../openapi/responds';
import { AuthService } from './auth.service';
import { RateLimited } from '../../common/rate-limit/rate-limit.guard';

@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @RateLimited({ limit: 'loginAddress', by: 'address' })
  @Post('login')
  @HttpCode(200)
  @Responds(loginResponseSchema)
  login(@Body(new ZodPipe(loginSchema)) body: LoginInput) {
    return this.auth.login(body.email, body.password);
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
