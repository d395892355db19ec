import { Module } from '@nestjs/common';
import { WebhookAttemptPruner } from './attempt-pruner';
import { SendThread } from './send-thread';
import { EventsFeedController } from './events-feed.controller';
import { WebhookAttempts } from './webhook-attempts';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookRepository } from './webhook.repository';
import { WebhookSender } from './webhook-sender';
import { WebhookSettler } from './webhook-settler';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/** Integrations: signed webhooks, Slack and Teams messages, and the events feed (docs/webhooks.md). */
@Module({
  controllers: [WebhooksController, EventsFeedController],
  providers: [WebhooksService, WebhookRepository, SendThread, WebhookSender, WebhookAttempts, WebhookDeliveries, WebhookSettler, WebhookDispatcher, WebhookAttemptPruner],
})
export class WebhooksModule {}
