import { Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  devMailboxSchema,
  mailPreferencesSchema,
  unsubscribeQuerySchema,
  unsubscribeResponseSchema,
  updateMailPreferencesSchema,
  type UpdateMailPreferencesRequest,
} from '@kpi/contracts';
import type { Actor } from '../../common/auth/actor';
import { CurrentActor, Public, Roles } from '../../common/auth/decorators';
import { ZodPipe } from '../../common/validation/zod.pipe';
import { Responds } from '../../common/http/responds';
import { DevMailbox } from './dev-mailbox';
import { MailPreferencesService } from './mail-preferences.service';

@Controller()
export class MailController {
  constructor(
    private readonly preferences: MailPreferencesService,
    private readonly mailbox: DevMailbox,
  ) {}

  @Get('notification-preferences')
  @Roles('admin', 'executive')
  @Responds(mailPreferencesSchema)
  get(@CurrentActor() actor: Actor) {
    return this.preferences.get(actor);
  }

  @Put('notification-preferences')
  @Roles('admin', 'executive')
  @Responds(mailPreferencesSchema)
  update(@CurrentActor() actor: Actor, @Body(new ZodPipe(updateMailPreferencesSchema)) body: UpdateMailPreferencesRequest) {
    return this.preferences.update(actor, body);
  }

  /** An email's unsubscribe link (RFC 8058 one-click from the List-Unsubscribe header, or the app's page). */
  @Post('mail/unsubscribe')
  @Public()
  @HttpCode(200)
  @Responds(unsubscribeResponseSchema, { errors: { 400: 'The link is not a valid signed unsubscribe link' } })
  unsubscribe(@Query(new ZodPipe(unsubscribeQuerySchema)) query: { token: string }) {
    return this.preferences.unsubscribe(query.token);
  }

  /** Development only (no SMTP_URL): the messages written to data/mail/, newest first. */
  @Get('dev/mailbox')
  @Roles('superadmin')
  @Responds(devMailboxSchema, { errors: { 404: 'Email is sent through SMTP_URL: there is no local mailbox' } })
  devMailbox() {
    return this.mailbox.list();
  }
}
