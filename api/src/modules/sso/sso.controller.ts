import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import {
  messageResponseSchema,
  ssoSettingsInputSchema,
  ssoSettingsResponseSchema,
  ssoStartResponseSchema,
  ssoStartSchema,
  ssoTestInputSchema,
  ssoTestResponseSchema,
  type SsoStartRequest,
  type SsoTestRequest,
} from '@kpi/contracts';
import type { Request, Response } from 'express';
import { z } from 'zod';
import type { Actor } from '../../common/auth/actor';
import { CurrentActor, Public, Roles } from '../../common/auth/decorators';
import { LimitFailures } from '../../common/rate-limit/failure-limit.interceptor';
import { RateLimited } from '../../common/rate-limit/rate-limit.guard';
import { ZodPipe } from '../../common/validation/zod.pipe';
import { Responds } from '../../common/http/responds';
import { FLOW_COOKIE } from './sso-flow';
import { SsoSettingsService } from './sso-settings.service';
import { SsoSignInService } from './sso-sign-in.service';

/** A company's sign-in settings (its admins, the superadmin). */
@Controller('companies/:companyId/sign-in')
@Roles('superadmin', 'admin')
export class SsoSettingsController {
  constructor(private readonly settings: SsoSettingsService) {}

  @Get()
  @Responds(ssoSettingsResponseSchema)
  get(@CurrentActor() actor: Actor, @Param('companyId') companyId: string) {
    return this.settings.get(actor, companyId);
  }

  @Put()
  @Responds(ssoSettingsResponseSchema, { errors: { 409: 'An email domain already belongs to another company' } })
  save(@CurrentActor() actor: Actor, @Param('companyId') companyId: string, @Body(new ZodPipe(ssoSettingsInputSchema)) body: z.output<typeof ssoSettingsInputSchema>) {
    return this.settings.save(actor, companyId, body);
  }

  @Delete()
  @Responds(messageResponseSchema)
  remove(@CurrentActor() actor: Actor, @Param('companyId') companyId: string) {
    return this.settings.remove(actor, companyId);
  }

  /** "Test the connection": discovery against the issuer typed in (saved or not). */
  @Post('test')
  @HttpCode(200)
  @RateLimited({ limit: 'passwordChange', by: 'user' })
  @Responds(ssoTestResponseSchema)
  test(@CurrentActor() actor: Actor, @Param('companyId') companyId: string, @Body(new ZodPipe(ssoTestInputSchema)) body: SsoTestRequest) {
    return this.settings.assertReachable(actor, companyId).then(() => this.settings.test(body.issuer));
  }
}

/** Signing in through a company's provider: start (from the sign-in form) and the provider's return. */
@Controller('auth/sso')
export class SsoSignInController {
  constructor(private readonly signIn: SsoSignInService) {}

  /** Unknown domains count against the address (probing which companies sign in here); an office does not. */
  @Public()
  @LimitFailures('passwordLinkAddress')
  @Post('start')
  @HttpCode(200)
  @Responds(ssoStartResponseSchema, { errors: { 404: 'No company signs in with single sign-on for this email domain' } })
  async start(@Body(new ZodPipe(ssoStartSchema)) body: SsoStartRequest, @Res({ passthrough: true }) res: Response) {
    const { authorizationUrl, flow } = await this.signIn.start(body.email);
    res.cookie(FLOW_COOKIE, flow, this.signIn.flowCookie.options());
    return { authorizationUrl };
  }

  /** Always a redirect to the app's /sso page, which shows the outcome; the flow cookie is spent either way. */
  @Public()
  @Get('callback')
  @Responds(z.object({}).describe('to /sso#token=… (signed in) or /sso#error=… (why not)'), { redirect: 303 })
  async callback(@Req() req: Request, @Res() res: Response) {
    const flow = this.signIn.flowCookie.read(req.headers.cookie);
    const { redirect } = await this.signIn.finish(new URL(req.originalUrl, this.signIn.callbackBase), flow);
    res.clearCookie(FLOW_COOKIE, { ...this.signIn.flowCookie.options(), maxAge: undefined });
    res.redirect(303, redirect);
  }
}
