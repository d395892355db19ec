import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/knex';
import { WEBHOOK_RESPONSE_EXCERPT, WEBHOOK_TEST_EVENT, type EventPayloads, type WebhookEvent } from '@kpi/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { chatBody, chatSentence, type ChatEvent } from './chat-message';
import type { PostOutcome } from './safe-post';
import { SecretBox } from './secret-box';
import type { Delivery } from './send-order';
import { SendThread } from './send-thread';
import type { WebhookEndpoint } from './webhook-endpoint.entity';
import { WebhookRepository } from './webhook.repository';

/** A receiver that does not answer within this is tried again later. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** The largest body sent; a larger event is recorded as failed and passed over (docs/webhooks.md). */
export const MAX_PAYLOAD_BYTES = 256 * 1024;

/** How a run's sends may go on: until when its lease holds, and how soon it wants to hear back. */
export interface SendWindow {
  /** Milliseconds since the epoch: no send starts that could end later. */
  sendBefore: number;
  /** Once one send is done, none starts later than this after the first began. */
  answerWithinMs: number;
}

/**
 * Turns events into requests to one endpoint: the body of its kind, signed when it is a standard endpoint. The
 * sending thread (send-thread.ts) opens the secrets, signs and sends them, in order.
 */
@Injectable()
export class WebhookSender {
  private readonly box: SecretBox;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly em: EntityManager,
    private readonly repository: WebhookRepository,
    private readonly thread: SendThread,
  ) {
    this.box = new SecretBox(config.jwtSecret);
  }

  /** The box sealing this server's signing secrets. */
  get secrets(): SecretBox {
    return this.box;
  }

  /** Sends `event` now; null when a chat channel has nothing to say about it (an announcement unpinned). */
  async send(endpoint: WebhookEndpoint, event: WebhookEvent): Promise<PostOutcome | null> {
    const [outcome] = await this.sendInOrder(endpoint, [event], { sendBefore: Infinity, answerWithinMs: Infinity });
    return outcome;
  }

  /**
   * Sends `events` one after another, stopping after the first that is not delivered or when `window` says so:
   * what came of each it went through, in order (null: nothing to say to a chat channel).
   */
  async sendInOrder(endpoint: WebhookEndpoint, events: readonly WebhookEvent[], window: SendWindow): Promise<(PostOutcome | null)[]> {
    const deliveries: Delivery[] = [];
    for (const event of events) deliveries.push(await this.deliveryOf(endpoint, event));
    return this.thread.post({
      url: endpoint.url,
      sealedSecrets: endpoint.kind === 'standard' ? liveSecrets(endpoint) : null,
      options: { timeoutMs: DELIVERY_TIMEOUT_MS, allowLoopback: this.config.webhookAllowLoopback, excerptLimit: WEBHOOK_RESPONSE_EXCERPT },
      deliveries,
      ...window,
    });
  }

  private async deliveryOf(endpoint: WebhookEndpoint, event: WebhookEvent): Promise<Delivery> {
    const body = endpoint.kind === 'standard' ? JSON.stringify(event) : await this.chatBodyOf(endpoint, event);
    if (body === null) return { outcome: null };
    const size = Buffer.byteLength(body);
    if (size > MAX_PAYLOAD_BYTES) {
      return { outcome: { sentAt: new Date(), statusCode: null, response: '', error: `The event is ${Math.ceil(size / 1024)} kB, over the ${MAX_PAYLOAD_BYTES / 1024} kB limit: passed over`, durationMs: 0 } };
    }
    return { eventId: event.id, body };
  }

  private async chatBodyOf(endpoint: WebhookEndpoint, event: WebhookEvent): Promise<string | null> {
    if (endpoint.kind === 'standard') return null;
    let chat: ChatEvent;
    switch (event.type) {
      case 'badge.awarded': {
        const payload = event.payload as EventPayloads['badge.awarded'];
        const personName = (await this.repository.personName(this.em.fork(), endpoint.company.id, payload.userId)) ?? 'a former colleague';
        chat = { type: 'badge.awarded', payload, personName };
        break;
      }
      case WEBHOOK_TEST_EVENT:
        chat = { type: 'webhook.test' };
        break;
      case 'task.scored':
      case 'announcement.pinned':
      case 'leaderboard.generated':
        chat = { type: event.type, payload: event.payload } as ChatEvent;
        break;
      default:
        return null;
    }
    const sentence = chatSentence(chat);
    return sentence === null ? null : JSON.stringify(chatBody(endpoint.kind, sentence));
  }
}

/** The current secret, and the previous one while its rotation grace lasts: sealed, as stored. */
function liveSecrets(endpoint: WebhookEndpoint): string[] {
  const secrets = endpoint.secretEnc ? [endpoint.secretEnc] : [];
  if (endpoint.previousSecretEnc && endpoint.previousSecretUntil && endpoint.previousSecretUntil > new Date()) secrets.push(endpoint.previousSecretEnc);
  return secrets;
}
