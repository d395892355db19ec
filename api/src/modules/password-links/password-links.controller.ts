import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  forgotPasswordSchema,
  loginResponseSchema,
  messageResponseSchema,
  passwordLinkSchema,
  passwordLinkTokenSchema,
  setPasswordSchema,
  type ForgotPasswordRequest,
  type PasswordLinkTokenRequest,
  type SetPasswordRequest,
} from '@kpi/contracts';
import { Public } from '../../common/auth/decorators';
import { LimitFailures } from '../../common/rate-limit/failure-limit.interceptor';
import { RateLimited } from '../../common/rate-limit/rate-limit.guard';
import { ZodPipe } from '../../common/validation/zod.pipe';
import { Responds } from '../../common/http/responds';
import { PasswordLinksService } from './password-links.service';

const GONE = 'The link was used, withdrawn or has expired (the message says which)';

/** A person's own way to a password: the invitation or reset link's page, and "forgot password". */
@Controller('auth')
export class PasswordLinksController {
  constructor(private readonly links: PasswordLinksService) {}

  @Public()
  @LimitFailures('passwordLinkAddress')
  @Post('password-links/inspect')
  @HttpCode(200)
  @Responds(passwordLinkSchema, { errors: { 404: 'No such link', 410: GONE } })
  inspect(@Body(new ZodPipe(passwordLinkTokenSchema)) body: PasswordLinkTokenRequest) {
    return this.links.inspect(body.token);
  }

  @Public()
  @LimitFailures('passwordLinkAddress')
  @Post('password-links/redeem')
  @HttpCode(200)
  @Responds(loginResponseSchema, { errors: { 404: 'No such link', 410: GONE } })
  redeem(@Body(new ZodPipe(setPasswordSchema)) body: SetPasswordRequest) {
    return this.links.redeem(body.token, body.password);
  }

  @Public()
  @RateLimited({ limit: 'passwordLinkAddress', by: 'address' })
  @Post('forgot-password')
  @HttpCode(200)
  @Responds(messageResponseSchema)
  forgotPassword(@Body(new ZodPipe(forgotPasswordSchema)) body: ForgotPasswordRequest) {
    return this.links.forgotPassword(body.email);
  }
}
