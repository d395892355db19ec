import { Controller, Get, Query } from '@nestjs/common';
import { eventFeedQuerySchema, webhookEventSchema, type EventFeedInput } from '@kpi/contracts';
import { z } from 'zod';
import type { Actor } from '../../common/auth/actor';
import { CurrentActor, Roles } from '../../common/auth/decorators';
import { ZodPipe } from '../../common/validation/zod.pipe';
import { Responds } from '../../common/http/responds';
import { WebhooksService } from './webhooks.service';

/** GET /events: the envelopes webhooks carry, for a receiver filling a gap (docs/webhooks.md). */
@Controller('events')
export class EventsFeedController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @Roles('superadmin', 'admin')
  @Responds(z.array(webhookEventSchema))
  feed(@CurrentActor() actor: Actor, @Query(new ZodPipe(eventFeedQuerySchema)) query: EventFeedInput) {
    return this.webhooks.feed(actor, query);
  }
}
