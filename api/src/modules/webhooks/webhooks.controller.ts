import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  createWebhookSchema,
  messageResponseSchema,
  pageQuerySchema,
  replayWebhookSchema,
  updateWebhookSchema,
  webhookAttemptSchema,
  webhookEndpointSchema,
  webhookListQuerySchema,
  webhookWithSecretSchema,
  type CreateWebhookInput,
  type PageQuery,
  type UpdateWebhookInput,
  type WebhookListInput,
} from '@kpi/contracts';
import { z } from 'zod';
import type { Actor } from '../../common/auth/actor';
import { CurrentActor, Roles } from '../../common/auth/decorators';
import { ZodPipe } from '../../common/validation/zod.pipe';
import { Responds } from '../../common/http/responds';
import { WebhooksService } from './webhooks.service';

const redeliverSchema = z.object({ eventId: z.string({ error: 'Event is required' }).trim().min(1, 'Event is required').max(64, 'Event is not a valid id') });

/** Integrations (docs/webhooks.md): admins manage their company's endpoints, the superadmin every company's. */
@Controller('webhooks')
@Roles('superadmin', 'admin')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @Responds(z.array(webhookEndpointSchema))
  list(@CurrentActor() actor: Actor, @Query(new ZodPipe(webhookListQuerySchema)) query: WebhookListInput) {
    return this.webhooks.list(actor, query);
  }

  @Post()
  @Responds(webhookWithSecretSchema, { errors: { 409: 'The company already has the most endpoints allowed' } })
  create(@CurrentActor() actor: Actor, @Body(new ZodPipe(createWebhookSchema)) body: CreateWebhookInput) {
    return this.webhooks.create(actor, body);
  }

  @Put(':id')
  @Responds(webhookEndpointSchema, { errors: { 404: 'No such endpoint in your company' } })
  update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body(new ZodPipe(updateWebhookSchema)) body: UpdateWebhookInput) {
    return this.webhooks.update(actor, id, body);
  }

  @Delete(':id')
  @Responds(messageResponseSchema, { errors: { 404: 'No such endpoint in your company' } })
  remove(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.webhooks.remove(actor, id);
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  @Responds(webhookWithSecretSchema, { errors: { 404: 'No such endpoint in your company' } })
  rotateSecret(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.webhooks.rotateSecret(actor, id);
  }

  @Post(':id/test')
  @HttpCode(200)
  @Responds(webhookAttemptSchema, { errors: { 404: 'No such endpoint in your company' } })
  sendTest(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.webhooks.sendTest(actor, id);
  }

  @Post(':id/redeliver')
  @HttpCode(200)
  @Responds(webhookAttemptSchema, { errors: { 404: 'No such endpoint or event in your company (events are kept as long as the event log keeps them)' } })
  redeliver(@CurrentActor() actor: Actor, @Param('id') id: string, @Body(new ZodPipe(redeliverSchema)) body: z.output<typeof redeliverSchema>) {
    return this.webhooks.redeliver(actor, id, body.eventId);
  }

  @Post(':id/replay')
  @HttpCode(200)
  @Responds(webhookEndpointSchema, { errors: { 404: 'No such endpoint in your company' } })
  replay(@CurrentActor() actor: Actor, @Param('id') id: string, @Body(new ZodPipe(replayWebhookSchema)) body: z.output<typeof replayWebhookSchema>) {
    return this.webhooks.replay(actor, id, body.fromSeq);
  }

  @Get(':id/attempts')
  @Responds(z.array(webhookAttemptSchema), { errors: { 404: 'No such endpoint in your company' } })
  attempts(@CurrentActor() actor: Actor, @Param('id') id: string, @Query(new ZodPipe(pageQuerySchema)) query: PageQuery) {
    return this.webhooks.attemptsOf(actor, id, query);
  }
}
